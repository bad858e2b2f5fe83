// What each state of the journey model looks like in the browser (assertions) and how each event is done
// (executors). Every state asserts the URL and what the page shows; the error rows use page.route to make the
// server answer 401, 429 or nothing.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { makePdf } from '../../tests/fixtures/preview-files';
import { expect, messagesOnServer, staff, staffHeaders, type Customer } from '../support/fixtures';
import type { JourneyEventType } from './journey.machine';
import { accountAssertions, accountExecutors } from './account-driver';
import { twoFactorAssertions, twoFactorExecutors } from './two-factor-driver';
import { notificationAssertions, notificationExecutors } from './notifications-driver';

export interface World {
  page: Page;
  request: APIRequestContext;
  customer: Customer;
}

/** The cabinet URL the journey opens while signed out, and where /login?redirect=… sends the customer back. */
export const PROTECTED = '/payments/history?page=1';
export const PROTECTED_MSG = 'Войдите, чтобы увидеть платежи';
export const PUBLIC_MSG = 'Вы уже вошли в кабинет';
const ARCHIVED_TOPIC = 'Молодёжные субкультуры в современном городе';
const ACTIVE_TOPIC = 'Анализ финансовой устойчивости ООО «Вектор»';
/** Typed in any case, ё for е: it finds ACTIVE_TOPIC alone. */
const SEARCH_TEXT = 'ФИНАНСОВОЙ устойчивости';

const isApi = (prefix: string) => (url: URL) => url.pathname.startsWith(prefix);
const ORDERS = isApi('/api/client/orders/');
const REFRESH = isApi('/api/client/auth/token/refresh/');
const LOGIN = isApi('/api/client/auth/login/');
/** The lazily loaded code of the profile page (Vite names the chunk after the route file). */
const PROFILE_CHUNK = (url: URL) => /^\/assets\/profile-[\w-]+\.js$/.test(url.pathname);
const CHUNK_ERROR = 'Сайт загружен с ошибкой. Перезагрузите страницу.';
/** A file of the order form on its way: to the draft (fake/{id}/fake-files/) or, without one, to ajax-files/. */
const FORM_UPLOAD = (url: URL) =>
  /^\/api\/client\/orders\/(fake\/\d+\/fake-files|ajax-files)\/$/.test(url.pathname);
const STOPPED_FILE = 'plan-raboty.pdf';
/** The writer's draft the journey previews (docs/features.md "File preview"). */
const PREVIEW_FILE = 'Черновик главы 1.pdf';
/** DELETE /api/client/orders/{id}/: the order to the archive. */
const ORDER_TRASH = (url: URL) => /^\/api\/client\/orders\/\d+\/$/.test(url.pathname);
const DELETE_REFUSED = 'Заказ в работе нельзя удалить. Напишите менеджеру в чат заказа.';
/** The server's detail for a dead social token (server/domain/social.ts), not the page's own text. */
const SOCIAL_DEAD = 'Ссылка входа через соцсеть устарела. Попробуйте войти ещё раз.';
const API = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/client/api/');

/** The frame's connection bar (src/features/shell/connection-bar.tsx) while it says "Нет соединения". */
const CONNECTION_BAR = (page: Page) =>
  page.getByTestId('offline-banner').filter({ hasText: 'Нет соединения' });
/** The message written in the chat during the outage of a journey (one per page). */
const outageMessages = new WeakMap<Page, string>();
const chatBubble = (page: Page, text: string) =>
  page.getByTestId('chat-list').getByRole('article').filter({ hasText: text });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const path = (page: Page) => new URL(page.url()).pathname;
const query = (page: Page) => new URL(page.url()).searchParams;

async function expectPath(page: Page, expected: string) {
  await expect.poll(() => path(page), { message: `the URL path is ${expected}` }).toBe(expected);
}

async function archivedOrderId({ request, customer }: World): Promise<number> {
  const list = await staff<{ results: { id: number; topic: string; is_trash: boolean }[] }>(
    request,
    'GET',
    `/orders/?email=${encodeURIComponent(customer.email)}`,
  );
  const order = list.results.find((o) => o.is_trash && o.topic === ARCHIVED_TOPIC);
  if (!order) throw new Error('the demo data has no archived order');
  return order.id;
}

const json = (status: number, body: unknown, headers?: Record<string, string>) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body), headers });
/** What a server without its database answers every API call (issue 34): 503, Retry-After, an operator's detail. */
const unavailable = json(503, { detail: 'database unavailable' }, { 'retry-after': '1' });

/** The repayment verification as the back office sets it. */
const setVerification = ({ request, customer }: World, status: 'verified' | 'unverified') =>
  staff(request, 'PATCH', `/verification/${encodeURIComponent(customer.email)}/repayment/`, { status });

async function lastSmsCode({ request, customer }: World): Promise<string> {
  const box = await staff<{ results: { payload: { code?: string } | null }[] }>(
    request,
    'GET',
    `/outbox/?recipient=${encodeURIComponent(customer.phone)}&kind=verification_repayment`,
  );
  const code = box.results[0]?.payload?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function openArchiveTab(page: Page) {
  await page.getByRole('navigation', { name: 'Списки заказов' }).getByRole('link', { name: /Архив/ }).click();
}

async function closeOpenDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Понятно' }).click();
  await expect(dialog).toBeHidden();
}

// ---- States ----------------------------------------------------------------------------------------------------

export const assertions: Record<string, (w: World, context: { returnTo: string | null }) => Promise<void>> = {
  ...twoFactorAssertions,
  ...accountAssertions,
  ...notificationAssertions,
  'signedOut.login': async ({ page }) => {
    await expectPath(page, '/login');
    await expect(heading(page, 'Вход в кабинет')).toBeVisible();
    await expect(page.getByLabel(/e-mail или телефон/i)).toBeVisible();
  },
  'signedOut.loginWithReturn': async ({ page }, { returnTo }) => {
    await expectPath(page, '/login');
    await expect(heading(page, 'Вход в кабинет')).toBeVisible();
    // Rule 1 / error catalogue: the requested path and query (without al) is the redirect value.
    const expected = returnTo === 'payments' ? PROTECTED : '/home/archive';
    await expect.poll(() => query(page).get('redirect')).toBe(expected);
    if (returnTo === 'payments') {
      // …and msg is carried too, and shown.
      expect(query(page).get('msg')).toBe(PROTECTED_MSG);
      await expect(page.getByRole('dialog')).toContainText(PROTECTED_MSG);
    }
  },
  'signedOut.registration': async ({ page }) => {
    await expectPath(page, '/registration');
    await expect(heading(page, 'Регистрация')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
  },
  'signedOut.loginRefused': async ({ page }) => {
    await expectPath(page, '/login');
    await expect(heading(page, 'Вход в кабинет')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Access token should be defined');
  },
  'signedOut.socialsEmail': async ({ page }) => {
    await expectPath(page, '/socials-email-auth');
    await expect(heading(page, 'Последний шаг')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
  },
  'signedOut.socialsEmailRefused': async ({ page }) => {
    await expectPath(page, '/socials-email-auth');
    await expect(heading(page, 'Вход через соцсеть устарел')).toBeVisible();
    await expect(page.getByText(SOCIAL_DEAD)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ко входу' })).toBeVisible();
  },
  'signedOut.notFound': async ({ page }) => {
    await expectPath(page, '/404');
    await expect(heading(page, /Страница не найдена/)).toBeVisible();
  },
  'signedOut.tooMany': async ({ page }) => {
    await expectPath(page, '/429');
    await expect(heading(page, /Слишком много запросов/)).toBeVisible();
  },
  'signedIn.home': async ({ page }) => {
    await expectPath(page, '/home');
    await expect(heading(page, /^Здравствуйте/)).toBeVisible();
    await expect(page.getByRole('link', { name: ACTIVE_TOPIC })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  },
  'signedIn.searching': async ({ page }) => {
    await expectPath(page, '/home');
    await expect.poll(() => query(page).get('search')).toBe(SEARCH_TEXT);
    await expect(page.getByRole('searchbox', { name: 'Поиск заказов' })).toHaveValue(SEARCH_TEXT);
    await expect(page.getByTestId('order-list').locator(':scope > li')).toHaveCount(1);
    await expect(page.getByRole('link', { name: ACTIVE_TOPIC })).toBeVisible();
  },
  'signedIn.homeWithMessage': async ({ page }) => {
    await expectPath(page, '/home');
    expect(query(page).get('msg')).toBe(PUBLIC_MSG);
    await expect(page.getByRole('dialog')).toContainText(PUBLIC_MSG);
  },
  'signedIn.order': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/chat$/);
    await expect(heading(page, /^Заказ №\d+/)).toBeVisible();
    await expect(page.getByText(ACTIVE_TOPIC).first()).toBeVisible();
  },
  'signedIn.orderUnavailable': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/chat$/);
    await expect(CONNECTION_BAR(page)).toBeVisible();
    const text = outageMessages.get(page)!;
    await expect(chatBubble(page, text).locator('[data-status="waiting"]')).toHaveText('Ожидает отправки');
    await expect(page.getByRole('alert').filter({ hasText: /Не удалось/ })).toHaveCount(0);
  },
  'signedIn.orderRecovered': async (world) => {
    const { page } = world;
    const text = outageMessages.get(page)!;
    await expect(chatBubble(page, text).locator('[data-status="sent"]')).toBeVisible({ timeout: 20_000 });
    await expect(chatBubble(page, text)).toHaveCount(1);
    await expect(CONNECTION_BAR(page)).toHaveCount(0, { timeout: 20_000 });
    const orderId = Number(/^\/order\/(\d+)\//.exec(path(page))?.[1]);
    expect(await messagesOnServer(world.request, world.customer, orderId, text)).toBe(1);
  },
  'signedIn.previewing': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/files$/);
    const viewer = page.getByTestId('file-viewer');
    await expect(viewer.getByRole('heading', { name: PREVIEW_FILE })).toBeVisible();
    await expect(viewer.locator('[data-page="1"][data-rendered="true"] canvas')).toBeVisible();
  },
  'signedIn.orderFiles': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/files$/);
    await expect(page.getByTestId('file-viewer')).toBeHidden();
    await expect(page.getByRole('button', { name: `Просмотр: ${PREVIEW_FILE}` })).toBeFocused();
  },
  'signedIn.orderDeleteRefused': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/chat$/);
    await expect(heading(page, /^Заказ №\d+/)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: DELETE_REFUSED })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  },
  'signedIn.paying': async ({ page }) => {
    await expect.poll(() => path(page)).toMatch(/^\/order\/\d+\/pay$/);
    await expect(heading(page, /^Оплата заказа №\d+/)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Банковская карта' })).toBeChecked();
    await expect(page.getByRole('button', { name: /^Оплатить\s[\d\s]+₽$/ })).toBeEnabled();
  },
  'signedIn.withdrawing': async ({ page }) => {
    await expectPath(page, '/withdraw');
    await expect(heading(page, /^Вывод средств$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Заявка на вывод' }).getByLabel('Сумма, ₽')).toBeVisible();
  },
  'signedIn.pagePartFailed': async ({ page }) => {
    await expectPath(page, '/profile');
    await expect(page.getByRole('dialog')).toContainText(CHUNK_ERROR);
    await expect(page.locator('html')).toHaveAttribute('data-chunk-load-error', 'true');
  },
  'signedIn.orderForm': async ({ page }) => {
    await expectPath(page, '/order-new');
    await expect(heading(page, 'Новый заказ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выбрать файлы' })).toBeEnabled();
    await expect(page.getByRole('alert').filter({ hasText: 'не загружен' })).toHaveCount(0);
  },
  'signedIn.uploadStopped': async ({ page }) => {
    await expectPath(page, '/order-new');
    await expect(heading(page, 'Новый заказ')).toBeVisible();
    // Spec point 8: 'Запрос отменён' plus the reason, in the form's list of files that did not go.
    await expect(page.getByRole('alert')).toContainText(
      `Файл «${STOPPED_FILE}» не загружен: Запрос отменён: вы остановили загрузку`,
    );
    await expect(page.getByRole('progressbar', { name: `Загрузка ${STOPPED_FILE}` })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Приложенные файлы' })).toHaveCount(0);
  },
  'signedIn.profile': async ({ page }) => {
    await expectPath(page, '/profile');
    await expect(heading(page, /^Профиль$/)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-chunk-load-error');
  },
  'signedIn.archive': async ({ page }) => {
    await expectPath(page, '/home/archive');
    await expect.poll(() => query(page).has('al'), { message: 'al leaves the URL (rule 2)' }).toBe(false);
    await expect(heading(page, 'Архив заказов')).toBeVisible();
    await expect(page.getByText(ARCHIVED_TOPIC)).toBeVisible();
  },
  'signedIn.payments': async ({ page }) => {
    await expectPath(page, '/payments/history');
    expect(query(page).get('page')).toBe('1');
    expect(query(page).has('redirect')).toBe(false);
    await expect(heading(page, 'Платежи')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'История операций' })).toBeVisible();
  },
  'signedIn.payOut': async ({ page }) => {
    await expectPath(page, '/payments/pay-out');
    await expect(heading(page, 'Подтверждение вывода средств')).toBeVisible();
  },
  'signedIn.paymentResult': async ({ page }) => {
    await expectPath(page, '/payment');
    await expect(heading(page, 'Оплата прошла')).toBeVisible();
  },
  'signedIn.notFound': async ({ page }) => {
    await expectPath(page, '/404');
    await expect(heading(page, /Страница не найдена/)).toBeVisible();
  },
  'signedIn.tooMany': async ({ page }) => {
    await expectPath(page, '/429');
    await expect(heading(page, /Слишком много запросов/)).toBeVisible();
  },
  'signedIn.serverSilent': async ({ page }) => {
    await expectPath(page, '/home/archive');
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить заказы' });
    await expect(alert).toContainText('Сервер не отвечает');
    await expect(alert.getByRole('button', { name: 'Повторить' })).toBeVisible();
  },
  'signedIn.sessionFailed': async ({ page }) => {
    await expectPath(page, '/404');
    expect(query(page).get('reason')).toBe('session');
    expect(query(page).get('redirect')).toBe('/home');
    await expect(heading(page, 'Не удалось загрузить кабинет')).toBeVisible();
  },
};

// ---- Events ----------------------------------------------------------------------------------------------------

async function signIn({ page, customer }: World) {
  await closeOpenDialog(page);
  await page.getByLabel(/e-mail или телефон/i).fill(customer.email);
  await page.getByLabel(/^пароль/i).fill(customer.password);
  await page.getByRole('button', { name: /^войти$/i }).click();
}

async function goHome({ page }: World) {
  const p = path(page);
  if (p === '/404') await page.getByRole('link', { name: 'На главную' }).click();
  else if (p === '/429') await page.getByRole('link', { name: 'Личный кабинет' }).first().click();
  else if (p === '/payment') await page.getByRole('link', { name: 'Перейти к заказам' }).click();
  else
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Мои заказы' })
      .click();
}

/** Reload with every API call unanswered: the session cannot start (rule 5). */
async function serverSilentAtStart({ page }: World) {
  await page.route(API, (route) => route.abort('connectionrefused'));
  await page.reload();
}

async function retry({ page }: World) {
  await page.unroute(API);
  await page.getByRole('button', { name: 'Повторить' }).click();
}

export const executors: Record<JourneyEventType, (w: World) => Promise<void>> = {
  openRoot: async ({ page }) => {
    await page.goto('/');
    // Rule 1: from the root path no return target is given.
    await expectPath(page, '/login');
    expect(new URL(page.url()).search).toBe('');
  },
  openProtectedUrl: async ({ page }) => {
    await page.goto(`${PROTECTED}&msg=${encodeURIComponent(PROTECTED_MSG)}`);
  },
  signIn,
  openRegistration: async ({ page }) => {
    await page.getByRole('link', { name: 'Зарегистрироваться', exact: true }).click();
  },
  goLogin: async ({ page }) => {
    const name = path(page) === '/socials-email-auth' ? 'Ко входу' : 'Войти';
    await page.getByRole('link', { name, exact: true }).click();
  },
  openSocialsEmailLink: async ({ page }) => {
    // A token the server no longer knows (used, or older than its 30 minutes): the page cannot tell until it asks.
    await page.goto('/socials-email-auth?token=used-or-expired-social-token');
  },
  submitSocialEmail: async ({ page }) => {
    await page.getByLabel('E-mail').fill(`social-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Продолжить' }).click();
  },
  signInAnswerWithoutToken: async (w) => {
    // The server says yes but sends no access token.
    await w.page.route(LOGIN, json(200, { refresh: 'set-as-cookie', expires_in: 300 }));
    await signIn(w);
    await expect(w.page.getByRole('alert')).toBeVisible();
    await w.page.unroute(LOGIN);
  },
  openUnknownPath: async ({ page }) => {
    await page.goto('/no/such/page');
  },
  openSocialsEmailAuthWithoutToken: async ({ page }) => {
    await page.goto('/socials-email-auth');
  },
  openPaymentWithBadStatus: async ({ page }) => {
    await page.goto('/payment?status=bad');
  },
  failSignIn11Times: async ({ page, customer }) => {
    // A made-up client IP (the server trusts X-Forwarded-For): the IP bucket of the test machine stays clean.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/client/auth/login/', {
        headers: { 'x-forwarded-for': ip },
        data: { login: customer.email, password: 'wrong-password' },
      });
      expect(res.status()).toBe(400);
    }
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await page.getByLabel(/e-mail или телефон/i).fill(customer.email);
    await page.getByLabel(/^пароль/i).fill(customer.password); // even the right one: the login is locked
    await page.getByRole('button', { name: /^войти$/i }).click();
  },
  openOrder: async ({ page }) => {
    await page.getByRole('link', { name: ACTIVE_TOPIC }).click();
  },
  previewFile: async ({ page, request }) => {
    const id = /^\/order\/(\d+)\//.exec(path(page))?.[1];
    const res = await request.fetch(`/api/staff/orders/${id}/files/`, {
      method: 'POST',
      headers: staffHeaders('POST', `/orders/${id}/files/`),
      multipart: {
        kind: 'intermediate',
        file: { name: PREVIEW_FILE, mimeType: 'application/pdf', buffer: makePdf({ pages: 2 }) },
      },
    });
    expect(res.status()).toBe(201);
    await page
      .getByRole('navigation', { name: 'Разделы заказа' })
      .getByRole('link', { name: /Файлы/ })
      .click();
    await page.getByRole('button', { name: `Просмотр: ${PREVIEW_FILE}` }).click();
  },
  closePreview: async ({ page }) => {
    await page.keyboard.press('Escape');
  },
  searchOrders: async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill(SEARCH_TEXT);
  },
  goBack: async ({ page }) => {
    await page.goBack();
  },
  payOrder: async ({ page }) => {
    await page.getByRole('link', { name: 'Оплатить', exact: true }).click();
  },
  deleteOrderRefused: async ({ page }) => {
    // The server refuses the move to the archive (the order went into work meanwhile): its detail is passed on.
    await page.route(ORDER_TRASH, (route) =>
      route.request().method() === 'DELETE' ? json(400, { detail: DELETE_REFUSED })(route) : route.continue(),
    );
    await page.getByRole('button', { name: 'В архив' }).click();
    const dialog = page.getByRole('dialog', { name: 'Переместить заказ в архив?' });
    await dialog.getByRole('button', { name: 'В архив' }).click();
    await expect(page.getByRole('alert').filter({ hasText: DELETE_REFUSED })).toBeVisible();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await page.unroute(ORDER_TRASH);
  },
  payThroughSandbox: async ({ page }) => {
    await page.getByRole('button', { name: /^Оплатить\s[\d\s]+₽$/ }).click();
    await page.waitForURL(/\/sandbox\//);
    await page.getByRole('button', { name: 'Оплатить' }).click();
  },
  openArchivedOrderUrl: async (w) => {
    await w.page.goto(`/order/${await archivedOrderId(w)}`);
  },
  openUnknownOrderUrl: async ({ page }) => {
    await page.goto('/order/987654321');
  },
  openOrderWithoutId: async ({ page }) => {
    await page.goto('/order/');
  },
  openBadTab: async ({ page }) => {
    await page.goto('/home/bad-tab');
  },
  openLogin: async ({ page }) => {
    await page.goto('/login');
  },
  openLoginWithValidRedirect: async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent(PROTECTED)}`);
  },
  openLoginWithForeignRedirect: async ({ page }) => {
    await page.goto('/login?redirect=//evil.example');
    await expectPath(page, '/home');
    expect(page.url()).not.toContain('evil.example');
  },
  openPublicPageWithMsg: async ({ page }) => {
    await page.goto(`/registration?msg=${encodeURIComponent(PUBLIC_MSG)}`);
  },
  closeMessage: async ({ page }) => {
    await page.getByRole('dialog').getByRole('button', { name: 'Понятно' }).click();
  },
  openCabinetUrlWithAl: async ({ page }) => {
    await page.goto('/home/archive?al=used-or-unknown-token');
  },
  openWithdraw: async ({ page }) => {
    await page.goto('/withdraw');
  },
  confirmSmsCode: async (w) => {
    await w.page.getByRole('button', { name: 'Получить код по SMS' }).click();
    await expect(w.page.getByLabel('Код из SMS')).toBeVisible();
    await w.page.getByLabel('Код из SMS').fill(await lastSmsCode(w));
    await w.page.getByRole('button', { name: 'Подтвердить' }).click();
  },
  repaymentAnswers403: async (w) => {
    // The back office withdraws the verification while the page is open: the withdrawal answers 403.
    await setVerification(w, 'unverified');
    const form = w.page.getByRole('region', { name: 'Заявка на вывод' });
    await form.getByLabel('Сумма, ₽').fill('300');
    await form.getByLabel('Номер карты').fill('4111111111111111');
    await form.getByRole('button', { name: 'Вывести' }).click();
  },
  openOrderForm: async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Новый заказ' })
      .click();
  },
  stopUpload: async ({ page }) => {
    // The server holds the upload (no answer yet), so it is really on its way when the customer stops it.
    let arrived!: () => void;
    const onItsWay = new Promise<void>((resolve) => (arrived = resolve));
    const held: Route[] = [];
    await page.route(FORM_UPLOAD, (route) => {
      held.push(route);
      arrived();
    });
    await page.getByLabel('Приложить файлы').setInputFiles({
      name: STOPPED_FILE,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% план работы\n'),
    });
    await onItsWay;
    await expect(page.getByRole('progressbar', { name: `Загрузка ${STOPPED_FILE}` })).toBeVisible();
    await page.getByRole('button', { name: `Остановить загрузку ${STOPPED_FILE}` }).click();
    await expect(page.getByRole('alert')).toContainText('Запрос отменён');
    await page.unroute(FORM_UPLOAD);
    for (const route of held) await route.abort().catch(() => {});
  },
  openPageWhosePartFails: async ({ page }) => {
    await page.route(PROFILE_CHUNK, (route) => route.abort('connectionrefused'));
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Профиль' })
      .click();
  },
  reloadPage: async ({ page }) => {
    await page.unroute(PROFILE_CHUNK);
    await page.reload();
  },
  openPaymentSuccess: async ({ page }) => {
    await page.goto('/payment?status=success');
  },
  serverAnswers429: async ({ page }) => {
    await page.route(ORDERS, json(429, { detail: 'Слишком много запросов.' }));
    await openArchiveTab(page);
    await expectPath(page, '/429');
    await page.unroute(ORDERS);
  },
  serverSilent: async ({ page }) => {
    await page.route(ORDERS, (route) => route.abort('connectionrefused'));
    await openArchiveTab(page);
  },
  serverBack: async ({ page }) => {
    await page.unroute(ORDERS);
    await page.getByRole('alert').getByRole('button', { name: 'Повторить' }).click();
  },
  serviceUnavailable: async ({ page }) => {
    await page.route(API, unavailable);
    const text = `Написано во время сбоя ${Date.now()}`;
    outageMessages.set(page, text);
    const composer = page.getByRole('textbox', { name: 'Сообщение' });
    await composer.fill(text);
    await composer.press('Enter');
  },
  serviceRecovers: async ({ page }) => {
    await page.unroute(API, unavailable);
  },
  tokenExpires: async ({ page }) => {
    // The server no longer takes the access token: the next call answers 401 once.
    let rejected = 0;
    await page.route(ORDERS, async (route) => {
      if (rejected++ === 0) return json(401, { detail: 'Токен недействителен или просрочен.' })(route);
      return route.continue();
    });
    const refreshed = page.waitForResponse((r) => REFRESH(new URL(r.url())) && r.status() === 200);
    await openArchiveTab(page);
    await refreshed; // one refresh, then the call is retried and the list shows
    await expect(page.getByText(ARCHIVED_TOPIC)).toBeVisible();
    expect(rejected).toBeGreaterThanOrEqual(2);
    await page.unroute(ORDERS);
  },
  refreshFails: async ({ page }) => {
    await page.route(ORDERS, json(401, { detail: 'Токен недействителен или просрочен.' }));
    await page.route(REFRESH, json(401, { detail: 'Сессия истекла.' }));
    await openArchiveTab(page);
    await expectPath(page, '/login');
    await page.unroute(ORDERS);
    await page.unroute(REFRESH);
  },
  signOut: async ({ page }) => {
    await page.getByRole('button', { name: /^Меню пользователя/ }).click();
    await page.getByRole('link', { name: 'Выйти' }).click();
  },
  serverSilentAtStart,
  retry,
  goHome,
  ...twoFactorExecutors,
  ...accountExecutors,
  ...notificationExecutors,
};
