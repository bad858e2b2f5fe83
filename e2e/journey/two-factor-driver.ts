// The two-factor part of the journey (journey.machine.ts: profile → turnOnTwoFactor → signOut → signIn → the code
// step): what its states look like and how its events are done. The secret and the recovery codes the profile showed
// are kept per customer, as the customer's phone and paper would keep them.
import type { Page } from '@playwright/test';
import { totpAt } from '../../server/domain/totp';
import { expect, type Customer } from '../support/fixtures';
import type { World } from './driver';

const kept = new WeakMap<Customer, { secret: string; codes: string[]; used: string }>();
const section = (page: Page) => page.getByTestId('two-factor');
const submit = (page: Page) => page.getByRole('button', { name: 'Войти', exact: true }).click();
/** The app's code one step ahead: within the server's ±1 step and later than the step that turned it on. */
const nextCode = (secret: string) => totpAt(secret, new Date(Date.now() + 30_000));

export const twoFactorAssertions = {
  'signedOut.loginTwoFactor': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  },
  'signedOut.secondFactor': async ({ page }: World) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Двухфакторная защита' })).toBeVisible();
    await expect(page.getByLabel('Код из приложения')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveCount(0);
  },
  'signedOut.secondFactorRefused': async ({ page }: World) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Двухфакторная защита' })).toBeVisible();
    await expect(page.getByText(/Этот код уже использован|Неверный код/)).toBeVisible();
  },
  'signedIn.profileTwoFactorOn': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/profile$/);
    await expect(section(page)).toContainText('Защита включена');
    await expect(section(page)).toContainText('Осталось кодов восстановления: 10 из 10.');
  },
};

export const twoFactorExecutors = {
  openProfile: async ({ page }: World) => {
    await page.getByRole('link', { name: 'Профиль', exact: true }).first().click();
  },
  turnOnTwoFactor: async ({ page, customer }: World) => {
    await section(page).getByRole('button', { name: 'Включить' }).click();
    const secret = ((await section(page).getByTestId('two-factor-secret').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    const used = totpAt(secret, new Date());
    await section(page).getByLabel('Код из приложения').fill(used);
    await section(page).getByRole('button', { name: 'Подтвердить' }).click();
    const items = section(page).getByTestId('recovery-codes').locator('li');
    await expect(items).toHaveCount(10);
    kept.set(customer, { secret, codes: await items.allTextContents(), used });
    await section(page).getByRole('button', { name: 'Я сохранил коды' }).click();
  },
  enterAuthenticatorCode: async ({ page, customer }: World) => {
    await page.getByLabel('Код из приложения').fill(nextCode(kept.get(customer)!.secret));
    await submit(page);
  },
  enterRecoveryCode: async ({ page, customer }: World) => {
    await page.getByRole('button', { name: /Ввести код восстановления/ }).click();
    await page.getByLabel('Код восстановления').fill(kept.get(customer)!.codes[0]!);
    await submit(page);
  },
  reuseAuthenticatorCode: async ({ page, customer }: World) => {
    await page.getByLabel('Код из приложения').fill(kept.get(customer)!.used);
    await submit(page);
  },
};
