import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { dataExportMachine } from '../../machines/data-export/data-export.machine';
import {
  selectError,
  selectIsBuilding,
  selectLatest,
  selectView,
} from '../../machines/data-export/data-export.selectors';
import type { DataExport, DataExportStatus } from '../../contract/account.api';
import { describeModel } from './coverage';
import { never } from './never';

const copy = (status: DataExport['status'], progress = 0): DataExport => ({
  id: 7,
  status,
  progress,
  created_at: '2026-11-26T10:00:00.000Z',
  ready_at: status === 'ready' ? '2026-11-26T10:01:00.000Z' : null,
  expires_at: status === 'ready' ? '2026-11-27T10:01:00.000Z' : null,
  size: status === 'ready' ? 12345 : null,
});
const none: DataExportStatus = { latest: null, next_allowed_at: null };
const building: DataExportStatus = {
  latest: copy('building', 40),
  next_allowed_at: '2026-11-27T10:00:00.000Z',
};
const ready: DataExportStatus = { latest: copy('ready', 100), next_allowed_at: '2026-11-27T10:00:00.000Z' };
const expired: DataExportStatus = { latest: copy('expired', 100), next_allowed_at: null };

const model = dataExportMachine.provide({
  actors: { loadStatus: never(), requestExport: never(), download: never() },
});
type Snap = SnapshotFrom<typeof model>;

const unreachable = { message: 'Сервер не отвечает. Проверьте подключение.' };
const tooSoon = { status: 409, message: 'Копию данных можно получать раз в сутки.' };
const gone = { status: 410, message: 'Срок ссылки истёк: копия хранится 24 часа. Запросите новую.' };
const events = [
  { type: 'dataExport.retry' },
  { type: 'dataExport.request' },
  { type: 'dataExport.download' },
  { type: 'xstate.done.actor.loadStatus', output: none },
  { type: 'xstate.done.actor.loadStatus', output: ready },
  { type: 'xstate.done.actor.loadStatus', output: building },
  { type: 'xstate.done.actor.loadStatus', output: expired },
  { type: 'xstate.error.actor.loadStatus', error: unreachable },
  { type: 'xstate.done.actor.requestExport', output: building },
  { type: 'xstate.error.actor.requestExport', error: tooSoon },
  { type: 'xstate.after.poll.dataExport.building.waiting' },
  { type: 'xstate.done.actor.refreshStatus', output: building },
  { type: 'xstate.done.actor.refreshStatus', output: ready },
  { type: 'xstate.error.actor.refreshStatus', error: unreachable },
  { type: 'xstate.done.actor.download' },
  { type: 'xstate.error.actor.download', error: gone },
  { type: 'xstate.error.actor.download', error: unreachable },
];

const serializeState = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    l: s.context.status?.latest?.status ?? null,
    n: s.context.status?.next_allowed_at ?? null,
    err: s.context.error?.status ?? (s.context.error ? 0 : null),
  });

function assertInvariants(s: Snap) {
  // Building is shown only for a copy the server is building; a download only of a ready copy.
  if (selectIsBuilding(s)) expect(['queued', 'building']).toContain(selectLatest(s)?.status);
  if (s.matches('downloading')) expect(selectLatest(s)?.status).toBe('ready');
  // A new copy is asked for only when the server allows it.
  if (s.matches('requesting')) expect(s.context.status?.next_allowed_at ?? null).toBeNull();
  if (selectView(s) === 'failed') expect(selectError(s)).toEqual(unreachable);
}

describeModel(model, {
  name: 'data export machine (model-based)',
  events,
  serializeState,
  agreeOn: serializeState,
  invariants: assertInvariants,
});

describe('data export machine (with IO)', () => {
  it('asks for a copy, follows its progress and downloads it once ready', async () => {
    const answers = [none, building, ready];
    const downloads: number[] = [];
    const actor = createActor(
      dataExportMachine.provide({
        actors: {
          loadStatus: fromPromise<DataExportStatus, void>(async () => answers.shift()!),
          requestExport: fromPromise<DataExportStatus, void>(async () => ({
            ...building,
            latest: copy('queued'),
          })),
          download: fromPromise(async ({ input }) => void downloads.push(input.id)),
        },
        delays: { poll: 1 },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'dataExport.download' }); // nothing to download yet
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'dataExport.request' });
    await waitFor(actor, (s) => selectLatest(s)?.progress === 40);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(selectLatest(actor.getSnapshot())?.status).toBe('ready');
    actor.send({ type: 'dataExport.request' }); // one a day: the button is off, the event does nothing
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'dataExport.download' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(downloads).toEqual([7]);
  });
});
