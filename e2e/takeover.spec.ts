// The prerendered public forms (/login, /registration, /restore) can be filled in before the app has taken the page
// over (src/main.tsx hydrates it) and while it does. Whatever the visitor typed, at whatever moment, is exactly what
// the form sends. Each test opens its page again and again on a slowed CPU with the app's scripts held back, types or
// sends at machine speed at a sweep of moments before, during and after the takeover, and checks every attempt: the
// request the form sent carries what was typed, and the page goes where it should. `npm test` takes a sample of each
// sweep (one of its script delays, half of the moments; e2e/support/sample.ts), `.ci/run` the rest too.
import { isDeepStrictEqual } from 'node:util';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { RUN_BY_THE_SAMPLE, runByTheSample, sampleAnnotation, sampleOf } from './support/sample';

const SCRIPTS = /\/assets\/[^/]+\.js$/;
const CPU_RATE = 4;
/** The longest wait for a form to be sent: far beyond a slowed takeover, short of hiding a lost submit. */
const SEND_TIMEOUT = 25_000;
const fakeIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Entry {
  field: (page: Page) => Locator;
  value: string | true;
}

interface FormCase {
  path: string;
  /** What the visitor enters this time (fresh for each attempt where the server keeps it). */
  entries: () => Entry[];
  submit: (page: Page) => Locator;
  /** The call the form makes, and the body it must carry for those entries. */
  endpoint: string;
  body: () => unknown;
  /** Where a sent form leaves the visitor. */
  done: (page: Page) => Promise<void>;
}

/** Where the page is in its takeover: the HTML alone, the app's script running, or the page the app's. */
const phase = (page: Page): Promise<string> =>
  page
    .evaluate(() => {
      const w = window as { __cabinetStarted?: boolean; __cabinetHydrated?: boolean };
      return w.__cabinetHydrated ? 'taken over' : w.__cabinetStarted ? 'taking over' : 'HTML only';
    })
    .catch(() => 'gone');

/** A fresh anonymous visitor (no session, an address of its own for the sign-in limits) on a slowed CPU. */
async function freshVisit(page: Page, cdp: CDPSession) {
  await page.context().clearCookies();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': fakeIp() });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
}

/** Holds each of the app's scripts `ms` before sending it (a slow network: every wave of chunks waits). */
async function delayScripts(page: Page, ms: number) {
  await page.unroute(SCRIPTS);
  await page.route(SCRIPTS, async (route) => {
    await sleep(ms);
    await route.continue().catch(() => {}); // the page moved on meanwhile
  });
}

/** Holds every script of the app until `open()`; those asked for later pass at once. */
async function holdScripts(page: Page): Promise<{ open(): void }> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.unroute(SCRIPTS);
  await page.route(SCRIPTS, async (route) => {
    await opened;
    await route.continue().catch(() => {});
  });
  return { open };
}

/**
 * Watches for the form's call from now on; `check()` (after the submit) says what went wrong, or null when the form
 * sent exactly `form.body()` and the visitor got where it leads. A field marked invalid first means the form refused
 * what the page shows.
 */
function watchSend(page: Page, form: FormCase) {
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === form.endpoint,
    { timeout: SEND_TIMEOUT },
  );
  const refused = page.locator('form [aria-invalid="true"]').first().waitFor({ timeout: SEND_TIMEOUT });
  sent.catch(() => {});
  refused.catch(() => {});
  return async (): Promise<string | null> => {
    const request = await Promise.race([sent, refused.then(() => null)]).catch(() => null);
    if (!request) return `not sent; ${await shown(page)}`;
    const body: unknown = request.postDataJSON();
    if (!isDeepStrictEqual(body, form.body())) return `sent ${request.postData()}`;
    const response = await request.response();
    if (!response?.ok()) return `answered ${response?.status()}`;
    await form.done(page);
    return null;
  };
}

/** The fields' values and the messages at them, for a failure's message. */
async function shown(page: Page): Promise<string> {
  const fields = await page
    .locator('form input')
    .evaluateAll((els) =>
      (els as HTMLInputElement[]).map(
        (el) =>
          `${el.name}=${JSON.stringify(el.type === 'checkbox' ? el.checked : el.value)}` +
          (el.getAttribute('aria-invalid') === 'true' ? ' (invalid)' : ''),
      ),
    )
    .catch(() => []);
  const messages = await page
    .locator('form [id$="-error"]')
    .allInnerTexts()
    .catch(() => []);
  return `on ${new URL(page.url()).pathname}: ${fields.join(', ')}; ${messages.join(' | ')}`;
}

/** Fills each field, or types it key by key; then clicks the button, or presses Enter in the last text field. */
async function enter(page: Page, form: FormCase, entries: Entry[], how: 'fill' | 'keys') {
  let lastText: Locator | null = null;
  for (const { field, value } of entries) {
    const el = field(page);
    if (value === true) await el.check();
    else {
      if (how === 'fill') await el.fill(value);
      else await el.pressSequentially(value);
      lastText = el;
    }
  }
  if (how === 'keys' && lastText) await lastText.press('Enter');
  else await form.submit(page).click();
}

/** The attempts' problems and how many were made in each phase of the takeover. */
class Tally {
  problems: string[] = [];
  phases = new Map<string, number>();
  add(phases: string, problem: string | null) {
    this.phases.set(phases, (this.phases.get(phases) ?? 0) + 1);
    if (problem) this.problems.push(`${phases}: ${problem}`);
  }
  check(label: string) {
    test.info().annotations.push({
      type: label,
      description: [...this.phases].map(([p, n]) => `${p}: ${n}`).join('; '),
    });
    expect(this.problems, 'attempts that did not send what was typed').toEqual([]);
  }
}

/**
 * Typing at a sweep of moments: each script delay with each moment the typing starts (from the page's first byte),
 * so the takeover comes before the typing, in the middle of it, or after the form was sent (boot.js holds it).
 */
async function typingSweep(
  page: Page,
  form: FormCase,
  sweep: { delays: number[]; typeAts: number[] },
  how: 'fill' | 'keys',
) {
  test.setTimeout(30_000 + sweep.delays.length * sweep.typeAts.length * 12_000);
  const cdp = await page.context().newCDPSession(page);
  const tally = new Tally();
  let typedBeforeTakeover = 0;
  for (const delay of sweep.delays)
    for (const typeAt of sweep.typeAts) {
      await freshVisit(page, cdp);
      await delayScripts(page, delay);
      await page.goto(form.path, { waitUntil: 'commit' });
      await sleep(typeAt);
      const entries = form.entries();
      const check = watchSend(page, form);
      const atStart = await phase(page);
      if (atStart !== 'taken over') typedBeforeTakeover++;
      await enter(page, form, entries, how);
      const atSubmit = await phase(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      tally.add(`scripts held ${delay} ms, typing at ${typeAt} ms (${atStart} → ${atSubmit})`, await check());
    }
  tally.check('takeover phases (typing starts → sent)');
  // The sweep did type into the page before the app had it (else it proves nothing about the takeover).
  expect(typedBeforeTakeover).toBeGreaterThan(0);
}

/** A sweep with the script delays this run takes (every moment of typing at each), and its note for the summary. */
function sweepOf(set: string, delays: number[], typeAts: number[]) {
  const sampled = sampleOf(set, delays, 1);
  return {
    sweep: { delays: sampled.items, typeAts },
    details: {
      annotation: sampleAnnotation({
        ...sampled.note,
        run: sampled.items.length * typeAts.length,
        of: delays.length * typeAts.length,
      }),
    },
  };
}

const home = async (page: Page) => {
  await expect(page).toHaveURL(/\/home$/);
};

test.describe('/login', () => {
  const login = (email: string, password: string): FormCase => ({
    path: '/login',
    entries: () => [
      { field: (p) => p.getByLabel(/e-mail или телефон/i), value: email },
      { field: (p) => p.getByLabel(/^пароль/i), value: password },
    ],
    submit: (p) => p.getByRole('button', { name: /^войти$/i }),
    endpoint: '/api/client/auth/login/',
    body: () => ({ login: email, password }),
    done: home,
  });

  const STEPS = 12;
  const moments = sampleOf(
    '/login at every moment',
    Array.from({ length: STEPS }, (_, i) => i),
    STEPS / 2,
  );
  test(
    'filled before the takeover and sent at every moment of it: signed in',
    { annotation: sampleAnnotation(moments.note) },
    async ({ page, customer }) => {
      test.skip(moments.items.length === 0, 'every moment was in the sample');
      test.setTimeout(30_000 + (moments.items.length + 1) * 12_000);
      const cdp = await page.context().newCDPSession(page);
      const form = login(customer.email, customer.password);

      // The sweep's scale: how long the app takes here from its scripts' arrival to having the page.
      await freshVisit(page, cdp);
      const calibration = await holdScripts(page);
      await page.goto(form.path, { waitUntil: 'load' });
      const start = Date.now();
      calibration.open();
      await page.waitForFunction(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated, null, {
        polling: 10,
      });
      const takeover = Date.now() - start;

      const tally = new Tally();
      for (const i of moments.items) {
        // From the scripts' arrival to half as long again past the page being the app's.
        const offset = Math.round((i * takeover * 1.5) / (STEPS - 1));
        await freshVisit(page, cdp);
        const scripts = await holdScripts(page);
        await page.goto(form.path, { waitUntil: 'commit' });
        const entries = form.entries();
        for (const { field, value } of entries) await field(page).fill(String(value));
        const check = watchSend(page, form);
        scripts.open();
        await sleep(offset);
        // Enter in the password field, or a click on the button (every other attempt).
        if (i % 2) await entries[1]!.field(page).press('Enter');
        else await form.submit(page).click();
        const at = await phase(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        tally.add(
          `sent ${offset} ms after the scripts came, the takeover taking ~${takeover} ms (${at})`,
          await check(),
        );
      }
      tally.check('takeover phases at the submit');
    },
  );

  const filled = sweepOf('/login filled', [0, 700], [0, 400, 1000]);
  test(
    'filled and sent at a sweep of moments of the takeover: signed in',
    filled.details,
    async ({ page, customer }) => {
      const { sweep } = filled;
      await typingSweep(page, login(customer.email, customer.password), sweep, 'fill');
    },
  );

  const typed = sweepOf('/login typed', [300, 700], [0, 600]);
  test(
    'typed key by key with Enter at a sweep of moments of the takeover: signed in',
    typed.details,
    async ({ page, customer }) => {
      const { sweep } = typed;
      await typingSweep(page, login(customer.email, customer.password), sweep, 'keys');
    },
  );
});

test('a page scrolled before the takeover stays where the visitor scrolled it, and its button sends the form', async ({
  page,
}) => {
  test.skip(runByTheSample(), RUN_BY_THE_SAMPLE);
  // The Desktop Chrome viewport (720 px high) shows /registration's button only once scrolled to.
  const cdp = await page.context().newCDPSession(page);
  await freshVisit(page, cdp);
  const scripts = await holdScripts(page);
  await page.goto('/registration', { waitUntil: 'load' });
  const email = `takeover-${unique()}@example.com`;
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('correct-horse-42');
  await page.getByLabel(/Я принимаю условия/).check();
  const button = page.getByRole('button', { name: 'Создать аккаунт' });
  await button.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the page had to be scrolled to its button').toBeGreaterThan(0);
  const box = await button.boundingBox();

  scripts.open();
  await page.waitForFunction(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated);
  expect(await page.evaluate(() => window.scrollY), 'the scroll position after the takeover').toBe(scrolled);
  expect(await button.boundingBox(), "the button where the visitor's pointer is").toEqual(box);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/client/profile/',
  );
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  expect((await sent).postDataJSON()).toEqual({ email, password: 'correct-horse-42', accept_terms: true });
  await home(page);
});

test('a button pressed before the app has the page (the theme switch) does what it says once the app has it', async ({
  page,
}) => {
  test.skip(runByTheSample(), RUN_BY_THE_SAMPLE);
  const cdp = await page.context().newCDPSession(page);
  await freshVisit(page, cdp);
  const scripts = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'load' });
  const toggle = page.getByRole('button', { name: 'Тёмная тема' });
  await toggle.click();
  expect(await phase(page), 'pressed before the takeover').toBe('HTML only');

  scripts.open();
  await page.waitForFunction(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Pressed once, switched once: a second press switches back.
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

const registration = sweepOf('/registration', [300, 700], [0, 600]);
test(
  '/registration filled and sent at a sweep of moments of the takeover: the account is as typed',
  registration.details,
  async ({ page }) => {
    const password = 'correct-horse-42';
    let email = '';
    const form: FormCase = {
      path: '/registration',
      entries: () => {
        email = `takeover-${unique()}@example.com`;
        return [
          { field: (p) => p.getByLabel('E-mail', { exact: true }), value: email },
          { field: (p) => p.getByLabel('Пароль', { exact: true }), value: password },
          { field: (p) => p.getByLabel(/Как к вам обращаться/), value: 'Мария' },
          { field: (p) => p.getByLabel(/Я принимаю условия/), value: true },
        ];
      },
      submit: (p) => p.getByRole('button', { name: 'Создать аккаунт' }),
      endpoint: '/api/client/profile/',
      body: () => ({ email, password, accept_terms: true, fio: 'Мария' }),
      done: home,
    };
    await typingSweep(page, form, registration.sweep, 'fill');
  },
);

const restore = sweepOf('/restore', [300, 700], [0, 600]);
test(
  '/restore typed and sent with Enter at a sweep of moments of the takeover: the link goes where typed',
  restore.details,
  async ({ page }) => {
    let email = '';
    const form: FormCase = {
      path: '/restore',
      entries: () => {
        email = `takeover-${unique()}@example.com`;
        return [{ field: (p) => p.getByLabel('E-mail'), value: email }];
      },
      submit: (p) => p.getByRole('button', { name: 'Прислать ссылку' }),
      endpoint: '/api/client/auth/password_change/',
      body: () => ({ email }),
      done: async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: 'Проверьте почту' })).toBeVisible();
      },
    };
    await typingSweep(page, form, restore.sweep, 'keys');
  },
);
