/** Texts of the not-found, session-failure and too-many-requests screens. */
export const t = {
  product: 'Личный кабинет',
  darkTheme: 'Тёмная тема',
  notFound: {
    code: 'Ошибка 404',
    title: 'Страница не найдена',
    text: 'Возможно, ссылка устарела или в адресе опечатка. Всё остальное на месте.',
    home: 'На главную',
  },
  session: {
    title: 'Не удалось загрузить кабинет',
    text: 'Мы не смогли связаться с сервером. Проверьте подключение к интернету и попробуйте ещё раз.',
    reason: (message: string) => `Причина: ${message}`,
    retry: 'Повторить',
    retrying: 'Подключаемся…',
  },
  tooMany: {
    code: 'Ошибка 429',
    title: 'Слишком много запросов',
    text: 'Мы временно ограничили запросы с вашего устройства, чтобы защитить аккаунт. Подождите немного и попробуйте снова.',
    /** Under a minute in seconds; longer waits in whole minutes, rounded up. */
    wait: (s: number) =>
      s < 60 ? `Повторить можно через ${s} с` : `Повторить можно через ${Math.ceil(s / 60)} мин`,
    retry: 'Попробовать снова',
    home: 'На главную',
  },
} as const;
