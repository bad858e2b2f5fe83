import type { SnapshotFrom } from 'xstate';
import type { reworkFormMachine } from './rework-form.machine';

type ReworkFormSnapshot = SnapshotFrom<typeof reworkFormMachine>;

export const selectIsSubmitting = (s: ReworkFormSnapshot) => s.hasTag('busy');
export const selectIsSent = (s: ReworkFormSnapshot) => s.matches('sent');
export const selectError = (s: ReworkFormSnapshot) => s.context.error;
export const selectFieldErrors = (s: ReworkFormSnapshot) => s.context.error?.fields ?? null;
export const selectCreated = (s: ReworkFormSnapshot) => s.context.created;
