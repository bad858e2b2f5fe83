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

const size = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
/** 1536 → '1,5 КБ'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${size.format(bytes / 1024)} КБ`;
  return `${size.format(bytes / 1024 / 1024)} МБ`;
}
