import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { orderFilesMachine } from '../../machines/order-files/order-files.machine';
import {
  percentOf,
  selectIsUploading,
  selectUploaded,
  selectUploads,
} from '../../machines/order-files/order-files.selectors';
import type { OrderFilesEvent, UploadRequest } from '../../machines/order-files/order-files.types';
import { describeModel } from './coverage';

const silent = fromCallback<OrderFilesEvent, UploadRequest>(() => {});
const blob = (bytes: number) => new Blob([new Uint8Array(bytes)]);
const refused = 'Файл «virus.exe»: такой тип файлов не принимается.';

const model = orderFilesMachine.provide({ actors: { uploadFile: silent } });
type Snap = SnapshotFrom<typeof model>;
const serializeState = (s: Snap) =>
  JSON.stringify({ value: s.value, items: s.context.items.map((i) => [i.key, i.status, i.loaded]) });

describeModel(model, {
  name: 'orderFiles machine (model-based)',
  events: (s) => {
    const keys = s.context.items.map((i) => i.key);
    return [
      { type: 'upload.add', files: [{ name: 'Введение.docx', file: blob(100) }] },
      ...keys.flatMap((key) => [
        { type: 'upload.progress', key, loaded: 50 },
        { type: 'upload.succeeded', key, result: { id: 1 } },
        { type: 'upload.failed', key, error: refused },
        { type: 'upload.retry', key },
        { type: 'upload.remove', key },
      ]),
      { type: 'upload.succeeded', key: 'unknown', result: null },
    ];
  },
  serializeState,
  filterEvents: (s, e) => e.type !== 'upload.add' || s.context.seq < 2,
  agreeOn: (s) => selectUploads(s).map((i) => [i.key, i.status]),
  invariants: (final) => {
    const items = selectUploads(final);
    // One upload at a time, and only while the machine is uploading.
    expect(items.filter((i) => i.status === 'uploading')).toHaveLength(selectIsUploading(final) ? 1 : 0);
    // Nothing waits while the machine is idle.
    if (!selectIsUploading(final)) expect(items.some((i) => i.status === 'queued')).toBe(false);
    for (const i of items) {
      if (i.status === 'failed') expect(i.error).toBe(refused);
      if (i.status === 'done') expect(percentOf(i)).toBe(100);
    }
  },
});

describe('orderFiles machine (uploads)', () => {
  function start(behaviour: (req: UploadRequest, sendBack: (e: OrderFilesEvent) => void) => void) {
    const started: UploadRequest[] = [];
    const stopped: string[] = [];
    const actor = createActor(
      orderFilesMachine.provide({
        actors: {
          uploadFile: fromCallback<OrderFilesEvent, UploadRequest>(({ input, sendBack }) => {
            started.push(input);
            behaviour(input, sendBack);
            return () => stopped.push(input.key);
          }),
        },
      }),
    ).start();
    const uploaded = vi.fn();
    actor.on('upload.uploaded', uploaded);
    return { actor, started, stopped, uploaded };
  }

  it('uploads the files one after another, with progress, and reports each result', () => {
    const pending: ((e: OrderFilesEvent) => void)[] = [];
    const { actor, started, uploaded } = start((_, sendBack) => pending.push(sendBack));
    actor.send({
      type: 'upload.add',
      files: [
        { name: 'a.pdf', file: blob(200) },
        { name: 'b.pdf', file: blob(100) },
      ],
    });
    expect(started.map((r) => r.name)).toEqual(['a.pdf']);
    pending[0]!({ type: 'upload.progress', key: 'u1', loaded: 50 });
    expect(percentOf(selectUploads(actor.getSnapshot())[0]!)).toBe(25);
    pending[0]!({ type: 'upload.succeeded', key: 'u1', result: { id: 10 } });
    expect(started.map((r) => r.name)).toEqual(['a.pdf', 'b.pdf']);
    pending[1]!({ type: 'upload.succeeded', key: 'u2', result: { id: 11 } });
    expect(selectIsUploading(actor.getSnapshot())).toBe(false);
    expect(selectUploaded(actor.getSnapshot())).toEqual([{ id: 10 }, { id: 11 }]);
    expect(uploaded).toHaveBeenCalledTimes(2);
  });

  it('a refused file keeps the server message; retry sends the same file again', () => {
    let attempt = 0;
    const { actor, started } = start((req, sendBack) => {
      attempt += 1;
      if (attempt === 1) sendBack({ type: 'upload.failed', key: req.key, error: refused });
      else sendBack({ type: 'upload.succeeded', key: req.key, result: { id: 5 } });
    });
    const file = blob(10);
    actor.send({ type: 'upload.add', files: [{ name: 'x.pdf', file }] });
    const [item] = selectUploads(actor.getSnapshot());
    expect(item).toMatchObject({ status: 'failed', error: refused });
    actor.send({ type: 'upload.retry', key: item!.key });
    expect(started[1]!.file).toBe(file);
    expect(selectUploads(actor.getSnapshot())[0]).toMatchObject({ status: 'done', error: null, file: null });
  });

  it('a new batch clears the finished rows but keeps the refused ones', () => {
    let n = 0;
    const { actor } = start((req, sendBack) =>
      n++ % 2
        ? sendBack({ type: 'upload.failed', key: req.key, error: refused })
        : sendBack({ type: 'upload.succeeded', key: req.key, result: {} }),
    );
    actor.send({
      type: 'upload.add',
      files: [
        { name: 'ok.pdf', file: blob(1) },
        { name: 'bad.exe', file: blob(1) },
      ],
    });
    actor.send({ type: 'upload.add', files: [{ name: 'next.pdf', file: blob(1) }] });
    expect(selectUploads(actor.getSnapshot()).map((i) => [i.name, i.status])).toEqual([
      ['bad.exe', 'failed'],
      ['next.pdf', 'done'],
    ]);
  });

  it('stopping the queue aborts the running upload', () => {
    const { actor, stopped } = start(() => {});
    actor.send({ type: 'upload.add', files: [{ name: 'a.pdf', file: blob(1) }] });
    actor.stop();
    expect(stopped).toEqual(['u1']);
  });
});
