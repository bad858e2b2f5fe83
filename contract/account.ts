// The customer's own account (issue 25 items 2–3): the copy of their data ("Мои данные") and closing the account.
// The rules both sides need and the Russian texts the customer reads.

import { formatMoment } from './moscow-time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A ready copy can be downloaded for this long; then it is deleted from the store. */
export const EXPORT_TTL_MS = DAY;
/** At most one copy per this much time (counted from the request; a failed build does not count). */
export const EXPORT_EVERY_MS = DAY;
/** A closed account can be reopened for this long; then its personal data are erased. */
export const CLOSING_GRACE_MS = 14 * DAY;

/** The sign-in refusal of a closed account starts with this (the sign-in page then offers to cancel the closing). */
export const ACCOUNT_CLOSED_PREFIX = 'Аккаунт закрыт.';
/** The sign-in page's link to /account-reopen under that refusal. */
export const REOPEN_OFFER = 'Отменить закрытие';

export const ACCOUNT_MESSAGES = {
  exportTooSoon: (next: string) =>
    `Копию данных можно получать раз в сутки. Следующую можно запросить ${formatMoment(next)}.`,
  exportBuilding: 'Копия данных ещё готовится.',
  exportExpired: 'Срок ссылки истёк: копия хранится 24 часа. Запросите новую.',
  exportFailed: 'Не удалось подготовить копию. Запросите её ещё раз.',
  exportNotFound: 'Копия данных не найдена.',
  passwordWrong: 'Неверный пароль.',
  forfeitRequired: 'На балансе остались деньги. Выведите их или подтвердите, что отказываетесь от них.',
  ordersRequired: 'У вас есть заказы в работе. Подтвердите, что всё равно закрываете аккаунт.',
  alreadyClosed: 'Аккаунт уже закрыт.',
  closedSignIn: (eraseAt: string) =>
    `${ACCOUNT_CLOSED_PREFIX} Его данные будут удалены ${formatMoment(eraseAt)}. До этого закрытие можно ` +
    'отменить: нажмите «Отменить закрытие» и введите пароль.',
  notClosed: 'Этот аккаунт не закрыт: просто войдите.',
  reopened: 'Закрытие отменено, аккаунт снова открыт. Войдите.',
  loginOrPassword: 'Неверный логин или пароль.',
} as const;
