// User-visible texts of the SPA core (spec points 2 and 8), in one place.

/** The `msg` a new order's page passes; showing it also sends the analytics goal 'order_thanks'. */
export const ORDER_THANKS_MESSAGE = 'Спасибо за заказ!';
export const ORDER_THANKS_GOAL = 'order_thanks';

/** A lazily loaded part of the page failed to load (spec points 2 and 8). */
export const CHUNK_LOAD_ERROR_MESSAGE = 'Сайт загружен с ошибкой. Перезагрузите страницу.';
export const CHUNK_LOAD_ERROR_DIALOG_ID = 'chunk-load-error';

/** The `reason` search value of /404 when the session could not be started (spec point 2, guard rule 5). */
export const SESSION_FAILED_REASON = 'session';
