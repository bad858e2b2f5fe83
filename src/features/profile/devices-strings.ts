// The texts of the devices section and of the offer to end the other sessions.
import type { DeviceSession } from '../../../contract/auth.api';

const DEVICE = { desktop: 'Компьютер', phone: 'Телефон', tablet: 'Планшет' } as const;

export const devicesText = {
  title: 'Устройства и сеансы',
  lead: 'Где сейчас выполнен вход в кабинет. Если какой-то сеанс вам незнаком, завершите его и смените пароль.',
  loading: 'Загружаем сеансы…',
  loadFailed: 'Не удалось загрузить сеансы',
  retry: 'Повторить',
  current: 'Это устройство',
  activeNow: 'Активен сейчас',
  noOthers: 'Других активных сеансов нет.',
  end: 'Завершить',
  endLabel: (name: string, since: string) => `Завершить сеанс: ${name}, вход ${since}`,
  endOthers: 'Завершить все другие сеансы',
  confirmTitle: 'Завершить все другие сеансы?',
  confirmText:
    'Кабинет закроется на всех устройствах, кроме этого: там нужно будет войти снова. Этот сеанс останется.',
  confirm: 'Завершить',
  cancel: 'Отмена',
  since: (at: string) => `Вход ${at}`,
  lastUsed: (at: string) => `Активность ${at}`,
  ip: (ip: string) => `IP ${ip}`,
  unknownBrowser: 'Неизвестный браузер',
  device: (d: DeviceSession['device']) => DEVICE[d],
  offer: {
    title: 'Завершить другие сеансы?',
    text: 'Если вы меняли данные из-за того, что к кабинету мог получить доступ кто-то ещё, завершите все другие сеансы.',
    action: 'Завершить все другие сеансы',
    failed: 'Не удалось завершить сеансы. Попробуйте ещё раз.',
  },
} as const;

/** 'Chrome 120 · Windows', or what is known of it. */
export function sessionName(session: Pick<DeviceSession, 'browser' | 'os'>): string {
  return [session.browser || devicesText.unknownBrowser, session.os].filter(Boolean).join(' · ');
}
