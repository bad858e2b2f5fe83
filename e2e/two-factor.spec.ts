// Two-factor sign-in as a customer lives it: turn it on in the profile by reading the secret shown as text and
// computing the code (as an authenticator app would), sign out and in with a code and with a recovery code, see a
// replayed code refused, turn it off. Screenshots of the section and the sign-in step, phone and desktop, both themes.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { totpAt } from '../server/domain/totp';
import {
  expect,
  expectNoAxeViolations,
  signInFast,
  signInWithForm,
  test,
  type Customer,
  staffHeaders,
} from './support/fixtures';

const section = (page: Page) => page.getByTestId('two-factor');
/** The app's code for the next 30-second step: within the server's ±1 step, and never the step used before it. */
const nextCode = (secret: string) => totpAt(secret, new Date(Date.now() + 30_000));

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Меню пользователя/ }).click();
  await page.getByRole('link', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function turnOn(page: Page, customer: Customer) {
  await signInFast(page, customer, '/profile');
  await section(page).getByRole('button', { name: 'Включить' }).click();
  await expect(section(page).getByRole('img', { name: /QR-код/ })).toBeVisible();
  const secret = ((await section(page).getByTestId('two-factor-secret').textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section(page).getByLabel('Код из приложения').fill(totpAt(secret, new Date()));
  await section(page).getByRole('button', { name: 'Подтвердить' }).click();
  const list = section(page).getByTestId('recovery-codes');
  await expect(list.locator('li')).toHaveCount(10);
  const codes = await list.locator('li').allTextContents();
  return { secret, codes };
}

async function codeStep(page: Page, customer: Customer) {
  await signInWithForm(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { name: 'Двухфакторная защита' })).toBeVisible();
}

test('two-factor: on with the secret as text, sign-in with a code and a recovery code, replay refused, off', async ({
  page,
  customer,
}) => {
  test.slow();
  const { secret, codes } = await turnOn(page, customer);
  // The download is a text file with every code.
  const downloading = page.waitForEvent('download');
  await section(page).getByRole('button', { name: 'Скачать .txt' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('коды-восстановления.txt');
  await section(page).getByRole('button', { name: 'Я сохранил коды' }).click();
  await expect(section(page)).toContainText('Защита включена');
  await expect(section(page)).toContainText('Осталось кодов восстановления: 10 из 10.');

  // Sign in with the password: the code is asked, and the app's code lets in.
  await signOut(page);
  await codeStep(page, customer);
  const code = nextCode(secret);
  await page.getByLabel('Код из приложения').fill(code);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The same code again: refused.
  await signOut(page);
  await codeStep(page, customer);
  await page.getByLabel('Код из приложения').fill(code);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Этот код уже использован')).toBeVisible();

  // A recovery code instead: in, and it is gone.
  await page.getByRole('button', { name: /Ввести код восстановления/ }).click();
  await page.getByLabel('Код восстановления').fill(codes[0]!);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await expect(section(page)).toContainText('Осталось кодов восстановления: 9 из 10.');

  // Off, with the password and another recovery code; then the password alone signs in.
  await section(page).getByRole('button', { name: 'Отключить' }).click();
  await section(page).getByLabel('Пароль', { exact: true }).fill(customer.password);
  await section(page).getByLabel('Код из приложения или код восстановления').fill(codes[1]!);
  await section(page).getByRole('button', { name: 'Отключить защиту' }).click();
  await expect(section(page)).toContainText('Двухфакторная защита отключена.');
  await expect(section(page).getByRole('button', { name: 'Включить' })).toBeVisible();
  await signOut(page);
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/home$/);
});

test('two-factor: an auto-login link asks for the code too', async ({ page, customer }) => {
  const { secret } = await turnOn(page, customer);
  await section(page).getByRole('button', { name: 'Я сохранил коды' }).click();
  await signOut(page);
  const res = await page.request.post('/api/staff/auto-login/', {
    headers: staffHeaders('POST', '/auto-login/'),
    data: { email: customer.email },
  });
  const { link } = (await res.json()) as { link: string };
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Двухфакторная защита' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Код из приложения').fill(nextCode(secret));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

const SHOTS = process.env.TWO_FACTOR_SHOTS;
test('two-factor: screenshots of the section and the sign-in step, phone and desktop, both themes, axe clean', async ({
  browser,
  request,
}) => {
  test.skip(!SHOTS, 'set TWO_FACTOR_SHOTS=<folder> to take them');
  test.setTimeout(480_000);
  mkdirSync(SHOTS!, { recursive: true });
  for (const theme of ['light', 'dark'] as const)
    for (const vp of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport: vp, colorScheme: theme });
      await context.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
      const page = await context.newPage();
      const customer = (await (
        await request.post('/api/staff/demo-customer/', {
          headers: staffHeaders('POST', '/demo-customer/'),
          data: {},
        })
      ).json()) as Customer;
      const suffix = `${vp.name}-${theme}`;
      await signInFast(page, customer, '/profile');
      await section(page).getByRole('button', { name: 'Включить' }).click();
      await expect(section(page).getByRole('img', { name: /QR-код/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await section(page).screenshot({ path: `${SHOTS}/two-factor-setup-${suffix}.png` });
      const secret = ((await section(page).getByTestId('two-factor-secret').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      await section(page).getByLabel('Код из приложения').fill(totpAt(secret, new Date()));
      await section(page).getByRole('button', { name: 'Подтвердить' }).click();
      await expect(section(page).getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      await expectNoAxeViolations(page);
      await section(page).screenshot({ path: `${SHOTS}/two-factor-codes-${suffix}.png` });
      await section(page).getByRole('button', { name: 'Я сохранил коды' }).click();
      await expect(section(page)).toContainText('Защита включена');
      await expectNoAxeViolations(page);
      await section(page).screenshot({ path: `${SHOTS}/two-factor-on-${suffix}.png` });
      await signOut(page);
      await codeStep(page, customer);
      await page.getByLabel('Код из приложения').fill('000000');
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(page.getByText(/Неверный код|Этот код уже использован/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/two-factor-login-${suffix}.png` });
      await context.close();
    }
});
