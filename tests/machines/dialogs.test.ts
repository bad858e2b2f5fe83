import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import {
  selectDialogs,
  selectHasOpenDialog,
  selectTopDialog,
} from '../../machines/dialogs/dialogs.selectors';
import { DIALOG_DEFAULTS } from '../../machines/dialogs/dialogs.types';
import { describeModel } from './coverage';

type Snap = SnapshotFrom<typeof dialogsMachine>;

const opens = [
  { type: 'dialogs.open', text: 'Спасибо за заказ!' },
  {
    type: 'dialogs.open',
    id: 'chunk',
    kind: 'error',
    text: 'Сайт загружен с ошибкой. Перезагрузите страницу.',
  },
  { type: 'dialogs.open', id: 'big', text: 'Условия', size: 'lg', position: 'top', closable: false },
];

function events(s: Snap) {
  return [
    ...opens,
    ...s.context.stack.map((d) => ({ type: 'dialogs.close', id: d.id })),
    { type: 'dialogs.close', id: 'not-open' },
    { type: 'dialogs.closeAll' },
  ];
}

// Auto ids count up; the model tells states apart by what is shown, and stops at two open dialogs.
const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    stack: s.context.stack.map((d) => ({ ...d, id: d.id.replace(/\d+$/, '') })),
  });

describeModel(dialogsMachine, {
  name: 'dialogs machine (model-based)',
  events,
  serializeState,
  filterEvents: (s, e) => e.type !== 'dialogs.open' || s.context.stack.length < 2,
  agreeOn: (s) => s.context.stack,
  invariants: (final) => {
    expect(selectHasOpenDialog(final)).toBe(final.context.stack.length > 0);
    expect(final.value).toBe(final.context.stack.length ? 'open' : 'closed');
    const ids = final.context.stack.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  },
});

describe('dialogs machine', () => {
  it('fills in the spec defaults: size sm, position center, closable, closes on backdrop', () => {
    const actor = createActor(dialogsMachine).start();
    actor.send({ type: 'dialogs.open', text: 'Привет' });
    expect(selectTopDialog(actor.getSnapshot())).toEqual({
      id: 'dialog-1',
      text: 'Привет',
      ...DIALOG_DEFAULTS,
    });
    expect(DIALOG_DEFAULTS).toEqual({
      kind: 'info',
      size: 'sm',
      position: 'center',
      closable: true,
      closeOnBackdrop: true,
    });
  });

  it('stacks dialogs, replaces one opened again with the same id, closes by id', () => {
    const actor = createActor(dialogsMachine).start();
    actor.send({ type: 'dialogs.open', id: 'a', text: 'A' });
    actor.send({ type: 'dialogs.open', id: 'b', text: 'B' });
    actor.send({ type: 'dialogs.open', id: 'a', text: 'A2', title: 'Снова' });
    expect(selectDialogs(actor.getSnapshot()).map((d) => [d.id, d.text])).toEqual([
      ['b', 'B'],
      ['a', 'A2'],
    ]);
    expect(selectTopDialog(actor.getSnapshot())?.title).toBe('Снова');
    actor.send({ type: 'dialogs.close', id: 'a' });
    expect(selectTopDialog(actor.getSnapshot())?.id).toBe('b');
    actor.send({ type: 'dialogs.close', id: 'b' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('closes everything at once (after each navigation)', () => {
    const actor = createActor(dialogsMachine).start();
    actor.send({ type: 'dialogs.open', text: '1' });
    actor.send({ type: 'dialogs.open', text: '2' });
    actor.send({ type: 'dialogs.closeAll' });
    expect(selectDialogs(actor.getSnapshot())).toEqual([]);
    expect(selectTopDialog(actor.getSnapshot())).toBeNull();
  });
});
