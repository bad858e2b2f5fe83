// Moments of the payments pages, in Moscow time like every date of the cabinet.
export { formatShortMonthDateTime as formatDateTime, formatDayMonth as formatDate } from '../../lib/dates';
