// The texts of the profile's "Мои данные" and "Закрыть аккаунт" sections.
import { formatDateTime } from '../../lib/dates';

export const exportText = {
  title: 'Мои данные',
  lead:
    'Копия всего, что кабинет хранит о вас: профиль, заказы с перепиской, доработками и платежами, движение ' +
    'денег, сеансы и загруженные вами файлы — в одном ZIP-архиве (JSON и краткое описание внутри).',
  loading: 'Загружаем сведения о копии…',
  loadFailed: 'Не удалось узнать, готова ли копия',
  retry: 'Повторить',
  request: 'Подготовить копию данных',
  queued: 'Копия поставлена в очередь. Когда она будет готова, пришлём ссылку на почту.',
  building: (progress: number) => `Готовим копию: ${progress} %`,
  progressLabel: 'Подготовка копии данных',
  ready: (expires: string) => `Копия готова. Скачать её можно до ${formatDateTime(expires)}.`,
  download: 'Скачать ZIP',
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`
      : `${Math.max(1, Math.round(bytes / 1024))} КБ`,
  expired: 'Срок хранения прошлой копии истёк (24 часа).',
  failed: 'Прошлую копию подготовить не удалось.',
  next: (at: string) => `Новую копию можно запросить ${formatDateTime(at)}: не чаще раза в сутки.`,
} as const;
