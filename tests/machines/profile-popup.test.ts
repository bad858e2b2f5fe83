import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { profilePopupMachine } from '../../machines/profile-popup/profile-popup.machine';
import { selectIsOpen } from '../../machines/profile-popup/profile-popup.selectors';
import { describeModel } from './coverage';
import { never } from './never';

const home = { path: '/home', quiet: false };
const done = { path: '/home/done', quiet: false };
const profile = { path: '/profile', quiet: true };

const opened: string[] = [];
const model = profilePopupMachine.provide({
  actors: { checkPopup: never(), dismissPopup: never() },
  actions: { openProfile: () => void opened.push('/profile') },
});
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'popup.page', ...home },
  { type: 'popup.page', ...done },
  { type: 'popup.page', ...profile },
  { type: 'popup.later' },
  { type: 'popup.fill' },
  { type: 'xstate.done.actor.checkPopup', output: true },
  { type: 'xstate.done.actor.checkPopup', output: false },
  { type: 'xstate.error.actor.checkPopup', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.dismissPopup' },
  { type: 'xstate.error.actor.dismissPopup', error: { message: 'Сервер не отвечает' } },
];

const serializeState = (s: Snap) => JSON.stringify({ value: s.value, page: s.context.page });

function assertInvariants(s: Snap) {
  // Never over a quiet page, and only in the open state.
  expect(selectIsOpen(s)).toBe(s.value === 'open');
  if (selectIsOpen(s)) expect(s.context.page.quiet).toBe(false);
}

describeModel(model, {
  name: 'profile popup machine (model-based)',
  events,
  serializeState,
  // Both first pages: the customer may land on a quiet page (the profile) or on the dashboard.
  inputs: [home, profile].map((first) => ({ name: `first page ${first.path}`, input: { page: first } })),
  agreeOn: serializeState,
  invariants: assertInvariants,
});

describe('profile popup machine (scenarios)', () => {
  function start(needShow: boolean, page = home) {
    const dismissed = vi.fn();
    const openProfile = vi.fn();
    const actor = createActor(
      profilePopupMachine.provide({
        actors: {
          checkPopup: fromPromise(async () => needShow),
          dismissPopup: fromPromise<void, void>(async () => {
            dismissed();
          }),
        },
        actions: { openProfile },
      }),
      { input: { page } },
    ).start();
    return { actor, dismissed, openProfile };
  }

  it('shows when the server says so; "fill" dismisses it on the server and opens the profile', async () => {
    const { actor, dismissed, openProfile } = start(true);
    await waitFor(actor, selectIsOpen);
    actor.send({ type: 'popup.page', ...home }); // the same page again: still open
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'popup.fill' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(openProfile).toHaveBeenCalledOnce();
    await waitFor(actor, (s) => s.matches('closed'));
    expect(dismissed).toHaveBeenCalledOnce();
    actor.send({ type: 'popup.page', ...done });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('is not shown when the server says no', async () => {
    const { actor } = start(false);
    await waitFor(actor, (s) => s.matches('closed'));
    actor.send({ type: 'popup.page', ...done });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('waits on a quiet page and shows on the next ordinary one', async () => {
    const { actor } = start(true, profile);
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'popup.page', path: '/email-edit', quiet: true });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'popup.page', ...home });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
  });

  it('a navigation closes it for this visit without telling the server', async () => {
    const { actor, dismissed } = start(true);
    await waitFor(actor, selectIsOpen);
    actor.send({ type: 'popup.page', ...done });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'popup.page', ...home });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(dismissed).not.toHaveBeenCalled();
  });
});
