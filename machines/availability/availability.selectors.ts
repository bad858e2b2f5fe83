import type { SnapshotFrom } from 'xstate';
import type { availabilityMachine } from './availability.machine';

type AvailabilitySnapshot = SnapshotFrom<typeof availabilityMachine>;

/** The API answers 503 (or a probe is asking whether it is back): the frame shows "Нет соединения". */
export const selectIsUnavailable = (s: AvailabilitySnapshot) => s.hasTag('unavailable');
