import type { SnapshotFrom } from 'xstate';
import type { dataExportMachine } from './data-export.machine';

type Snap = SnapshotFrom<typeof dataExportMachine>;

export const selectView = (s: Snap): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectLatest = (s: Snap) => s.context.status?.latest ?? null;
export const selectNextAllowedAt = (s: Snap) => s.context.status?.next_allowed_at ?? null;
export const selectError = (s: Snap) => s.context.error;
export const selectIsRequesting = (s: Snap) => s.matches('requesting');
export const selectIsDownloading = (s: Snap) => s.matches('downloading');
export const selectIsBuilding = (s: Snap) => s.matches('building');
