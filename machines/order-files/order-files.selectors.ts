import type { SnapshotFrom } from 'xstate';
import type { orderFilesMachine } from './order-files.machine';

type OrderFilesSnapshot = SnapshotFrom<typeof orderFilesMachine>;

export const selectUploads = (s: OrderFilesSnapshot) => s.context.items;
export const selectIsUploading = (s: OrderFilesSnapshot) => s.hasTag('busy');
/** Whole percent of one upload (0 for an empty file that has not finished). */
export const percentOf = (item: { loaded: number; size: number; status: string }) =>
  item.status === 'done'
    ? 100
    : item.size > 0
      ? Math.min(100, Math.floor((item.loaded / item.size) * 100))
      : 0;
/** The results of the finished uploads, in order (the rework form sends their ids). */
export const selectUploaded = (s: OrderFilesSnapshot) =>
  s.context.items.filter((i) => i.status === 'done').map((i) => i.result);
