import { ORDER_STATUSES } from '../../../contract/order-status';
import type { Tone } from '../../ui/primitives';

const S = ORDER_STATUSES;
const tones: Record<number, Tone> = {
  [S.new.id]: 'info',
  [S.pricing.id]: 'info',
  [S.awaitingPayment.id]: 'warning',
  [S.inWork.id]: 'primary',
  [S.guarantee.id]: 'success',
  [S.rework.id]: 'primary',
  [S.done.id]: 'success',
  [S.cancelled.id]: 'neutral',
  [S.archived.id]: 'neutral',
};
export const statusTone = (id: number): Tone => tones[id] ?? 'neutral';

export const isAwaitingPayment = (statusId: number) => statusId === S.awaitingPayment.id;
