/** The texts of the sign-in screen and of what every auth screen shares (the others: page-strings.ts). */
export const t = {
  product: 'Личный кабинет',
  darkTheme: 'Тёмная тема',
  brand: {
    title: 'Учебные работы — спокойно и в срок',
    lead: 'Заказы, переписка с автором, файлы и оплата в одном месте.',
    points: [
      'Следите за каждым этапом заказа',
      'Общайтесь с автором в чате и получайте файлы',
      'Оплачивайте онлайн частями или целиком',
    ],
    footnote: 'Безопасный вход: пароль хранится только в зашифрованном виде.',
  },

  login: {
    title: 'Вход в кабинет',
    lead: 'Рады видеть вас снова.',
    login: 'E-mail или телефон',
    loginHint: 'Телефон — в любом формате, например +7 999 123-45-67',
    password: 'Пароль',
    forgot: 'Забыли пароль?',
    submit: 'Войти',
    withCode: 'Войти по коду',
    withCodeHint: 'Без пароля: пришлём одноразовый код',
    or: 'или',
    socialsTitle: 'Войти через',
    noAccount: 'Нет аккаунта?',
    register: 'Зарегистрироваться',
  },

  code: {
    title: 'Вход по коду',
    lead: 'Пришлём одноразовый код на e-mail или в SMS — пароль не понадобится.',
    request: 'Получить код',
    sentTo: (login: string) => `Мы отправили код на ${login}. Он действует 10 минут.`,
    code: 'Код из сообщения',
    codeHint: '6 цифр',
    verify: 'Войти',
    resend: 'Отправить код ещё раз',
    changeLogin: 'Изменить адрес',
    withPassword: 'Войти с паролем',
  },

  socials: {
    vk: 'ВКонтакте',
    yandex: 'Яндекс',
    google: 'Google',
  } as Record<string, string>,

  backToLogin: 'Вернуться ко входу',
} as const;
