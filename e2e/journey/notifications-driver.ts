// The notification settings in the journey (journey.machine.ts: profile → switchNotificationsOff →
// switchNotificationsOn → profile): two switches of the «Уведомления» group turned off and saved, a reload shows
// them off and the rest as they were; turned on again, saved, a reload shows them on.
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import type { World } from './driver';

const group = (page: Page) => page.getByRole('region', { name: 'Уведомления', exact: true });
const kind = (page: Page, name: string) => group(page).getByRole('group', { name });
const WORK_READY = 'Работа загружена или заказ выполнен';
const CHAT = 'Новое сообщение от автора или менеджера';
const workReadySms = (page: Page) => kind(page, WORK_READY).getByLabel('SMS', { exact: true });
const chatEmail = (page: Page) => kind(page, CHAT).getByLabel('E-mail', { exact: true });

/** Saves the group, waits for the server's yes, and reloads: what shows then is what the server keeps. */
async function saveAndReload(page: Page) {
  await group(page).getByRole('button', { name: 'Сохранить' }).click();
  await expect(group(page).getByText('Изменения сохранены')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
}

export const notificationAssertions = {
  'signedIn.profileNotificationsOff': async ({ page }: World) => {
    await expect(page).toHaveURL(/\/profile$/);
    await expect(workReadySms(page)).not.toBeChecked();
    await expect(chatEmail(page)).not.toBeChecked();
    // Only those two: the other channels of the kinds, and the newsletter, as they were.
    await expect(kind(page, WORK_READY).getByLabel('E-mail', { exact: true })).toBeChecked();
    await expect(kind(page, CHAT).getByLabel('Push', { exact: true })).toBeChecked();
    await expect(group(page).getByLabel('Рассылка на e-mail')).toBeChecked();
  },
};

export const notificationExecutors = {
  switchNotificationsOff: async ({ page }: World) => {
    await expect(workReadySms(page)).toBeChecked();
    await workReadySms(page).uncheck();
    await chatEmail(page).uncheck();
    await saveAndReload(page);
  },
  switchNotificationsOn: async ({ page }: World) => {
    await workReadySms(page).check();
    await chatEmail(page).check();
    await saveAndReload(page);
    await expect(workReadySms(page)).toBeChecked();
    await expect(chatEmail(page)).toBeChecked();
  },
};
