// What the sign-in page says once the account is closed — in the tab that closed it (after the answer) and in every
// other open tab (told by the socket, contract/realtime.ts `accountClosed`).
import { formatDateTime } from './dates';

const UNDO = 'Передумали — на странице входа нажмите «Отменить закрытие».';

export const accountClosedText = (eraseAt?: string): string =>
  eraseAt
    ? `Аккаунт закрыт. Данные будут удалены ${formatDateTime(eraseAt)}. ${UNDO}`
    : `Аккаунт закрыт. ${UNDO}`;
