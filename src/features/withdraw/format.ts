// Moments of the withdrawal page, in Moscow time like every date of the cabinet.
export { formatShortMonthDay as formatDay } from '../../lib/dates';

export const digits = (text: string) => text.replace(/\D/g, '');
