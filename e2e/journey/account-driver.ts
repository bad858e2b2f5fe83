// The account part of the journey (journey.machine.ts): "Мои данные" from the profile, and closing the account →
// sign-in refused with the date → «Отменить закрытие» (the login typed on /login comes along) → signed in again.
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import type { World } from './driver';

const exportCard = (page: Page) => page.getByRole('region', { name: 'Мои данные' });
const closingCard = (page: Page) => page.getByRole('region', { name: 'Закрыть аккаунт' });

export const accountAssertions = {
  'signedIn.profileExportReady': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/profile$/);
    await expect(exportCard(page).getByText(/^Копия готова\. Скачать её можно до /)).toBeVisible({
      timeout: 20_000,
    });
    await expect(exportCard(page).getByRole('button', { name: 'Скачать ZIP' })).toBeVisible();
  },
  'signedOut.loginClosed': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('dialog')).toContainText(
      /Аккаунт закрыт\. Данные будут удалены \d\d\.\d\d\.\d{4}/,
    );
    await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveCount(0);
  },
  'signedOut.closedRefused': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByText(/^Аккаунт закрыт\. Его данные будут удалены \d+ \S+ \d{4}, \d\d:\d\d\./),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Отменить закрытие' })).toBeVisible();
  },
  'signedOut.loginReopened': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('dialog')).toContainText('Закрытие отменено, аккаунт снова открыт. Войдите.');
  },
};

export const accountExecutors = {
  requestExport: async ({ page }: World) => {
    await exportCard(page).getByRole('button', { name: 'Подготовить копию данных' }).click();
  },
  closeAccount: async ({ page, customer }: World) => {
    const card = closingCard(page);
    await card.getByLabel('Пароль', { exact: true }).fill(customer.password);
    // The demo customer has money on the balance and orders in progress: both are acknowledged.
    await card.getByLabel('Я отказываюсь от остатка на балансе').check();
    await card.getByLabel('Я понимаю, что заказы в работе останутся без меня').check();
    await card.getByRole('button', { name: 'Закрыть аккаунт' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть аккаунт' }).click();
  },
  reopenAccount: async ({ page, customer }: World) => {
    await page.getByRole('link', { name: 'Отменить закрытие' }).click();
    await expect(page).toHaveURL(/\/account-reopen/);
    // The page itself, not /login still shown while the route's chunk loads (its fields have the same labels).
    await expect(page.getByRole('heading', { level: 1, name: 'Отменить закрытие аккаунта' })).toBeVisible();
    // The login typed on /login comes along; only the password is asked again.
    await expect(page.getByLabel(/e-mail или телефон/i)).toHaveValue(customer.email);
    await page.getByLabel(/^пароль/i).fill(customer.password);
    await page.getByRole('button', { name: 'Отменить закрытие' }).click();
  },
};
