import type { SnapshotFrom } from 'xstate';
import type { devicesMachine } from './devices.machine';

type DevicesSnapshot = SnapshotFrom<typeof devicesMachine>;

/** 'loading' (skeleton) | 'failed' (error and retry) | 'ready' (the list). */
export const selectView = (s: DevicesSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectSessions = (s: DevicesSnapshot) => s.context.sessions;
export const selectOthers = (s: DevicesSnapshot) => s.context.sessions.filter((x) => !x.current);
export const selectCurrent = (s: DevicesSnapshot) => s.context.sessions.find((x) => x.current) ?? null;
export const selectError = (s: DevicesSnapshot) => s.context.error;
export const selectNotice = (s: DevicesSnapshot) => s.context.notice;
/** The session whose "Завершить" is spinning. */
export const selectEndingId = (s: DevicesSnapshot) =>
  s.matches({ ready: 'ending' }) ? s.context.endingId : null;
export const selectIsEndingOthers = (s: DevicesSnapshot) => s.matches({ ready: 'endingOthers' });
export const selectIsConfirming = (s: DevicesSnapshot) => s.matches({ ready: 'confirming' });
/** A call is running: the other buttons wait. */
export const selectIsBusy = (s: DevicesSnapshot) => s.hasTag('busy');
