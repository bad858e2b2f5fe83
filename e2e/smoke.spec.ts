import { expect, test } from '@playwright/test';

test('the app loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// A cabinet page other than the dashboard: the dashboard's HTML carries its first screen (e2e/first-screen.spec.ts)
// and paints without the splash.
test('a slow start shows the product at once, and the splash leaves when the first page is there', async ({
  page,
}) => {
  const login = await page.request.post('/api/client/auth/login/', {
    data: { login: 'demo@example.com', password: 'demo-password' },
  });
  expect(login.status()).toBe(200);
  // Hold the start-up refresh (who the visitor is) until the splash has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/client/auth/token/refresh/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/profile');
  const splash = page.getByRole('progressbar', { name: 'Загрузка кабинета' });
  await expect(splash).toBeVisible();
  await expect(splash).toContainText('Личный кабинет');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(splash).toHaveCount(0);
});

test('when the app cannot load, the splash says so and offers to reload', async ({ page }) => {
  let failing = true;
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => (failing ? route.abort() : route.continue()));
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Не удалось загрузить кабинет');
  failing = false; // the network is back
  await alert.getByRole('button', { name: 'Обновить страницу' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
