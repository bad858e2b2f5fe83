// Every user-visible text of the order form, the draft and the confirmation pages.
import type { FieldProblem } from './rules';
import type { FormField } from '../../../machines/order-form/order-form.types';
import { ORDER_LIMITS } from '../../../contract/orders';

const LABELS: Record<FormField, string> = {
  work_type: 'Тип работы',
  subject: 'Предмет',
  topic: 'Тема работы',
  deadline: 'Срок сдачи',
  pages: 'Объём, страниц',
  originality: 'Оригинальность, %',
  requirements: 'Требования к работе',
  link: 'Ссылка на материалы',
};

const ruDate = (day: string) => day.split('-').reverse().join('.');

export const t = {
  title: { new: 'Новый заказ', continue: 'Продолжение заказа', edit: 'Редактирование заказа' },
  lead: {
    new: 'Опишите задание — цена считается сразу, черновик сохраняется сам.',
    continue: 'Черновик сохраняется сам: можно закрыть вкладку и вернуться позже.',
    edit: 'Изменения сохранятся после нажатия «Сохранить изменения».',
  },
  labels: LABELS,
  placeholders: {
    work_type: 'Выберите тип работы',
    subject: 'Например, экономика',
    topic: 'Например, «Анализ рынка электромобилей»',
    requirements: 'Методичка, оформление, структура, пожелания автору',
    link: 'https://…',
    promo: 'Например, STUDENT10',
  },
  hints: {
    deadline: (min: string, max: string) => `С ${ruDate(min)} и раньше ${ruDate(max)}`,
    pages: `От ${ORDER_LIMITS.pagesMin} до ${ORDER_LIMITS.pagesMax}`,
    originality: 'По умолчанию 60 %; выше 70 % — дороже',
    link: 'Облако с методичкой или примерами',
  },
  problems: {
    required: (field: FormField) =>
      field === 'work_type' ? 'Выберите тип работы из списка.' : `Заполните поле «${LABELS[field]}».`,
    date: () => 'Укажите дату в формате ДД.ММ.ГГГГ.',
    dateMin: () => 'Срок сдачи — не раньше завтрашнего дня.',
    dateMax: () => `Срок сдачи — меньше чем через ${ORDER_LIMITS.deadlineMaxDays} дней.`,
    integer: () => 'Введите целое число.',
    range: (field: FormField) =>
      field === 'pages'
        ? `От ${ORDER_LIMITS.pagesMin} до ${ORDER_LIMITS.pagesMax} страниц.`
        : `От ${ORDER_LIMITS.originalityMin} до ${ORDER_LIMITS.originalityMax} %.`,
    url: () => 'Укажите ссылку в формате https://…',
  } satisfies Record<FieldProblem, (field: FormField) => string>,
  sections: { work: 'О работе', details: 'Подробности', files: 'Файлы', price: 'Стоимость' },
  files: {
    label: 'Приложить файлы',
    hint: (maxMb: number, maxCount: number) => `До ${maxMb} МБ каждый, не больше ${maxCount} файлов`,
    add: 'Выбрать файлы',
    remove: (name: string) => `Удалить файл ${name}`,
    uploading: (name: string, percent: number) => `${name}: загружено ${percent} %`,
    progressLabel: (name: string) => `Загрузка ${name}`,
    stop: (name: string) => `Остановить загрузку ${name}`,
    /** The reason of an upload the customer stopped ('Запрос отменён: …', spec point 8). */
    stopped: 'вы остановили загрузку',
    tooBig: (name: string, maxMb: number) => `Файл «${name}» больше ${maxMb} МБ.`,
    badType: (name: string) => `Файл «${name}» не подходит: такой тип файлов не принимаем.`,
    tooMany: (maxCount: number) => `Можно приложить не больше ${maxCount} файлов.`,
    failed: (name: string, why: string) => `Файл «${name}» не загружен: ${why}`,
    editHint: 'Уже приложенные файлы — во вкладке «Файлы» заказа. Здесь можно добавить новые.',
    list: 'Приложенные файлы',
  },
  price: {
    cost: 'Стоимость',
    discount: 'Скидка',
    bonus: 'Бонусами',
    total: 'Итого к оплате',
    calculating: 'Считаем стоимость…',
    incomplete: 'Выберите тип работы, срок и объём — и мы сразу назовём цену.',
    byManager: 'Эту работу оценит менеджер: цену пришлём после оформления.',
    failed: (why: string) => `Не удалось посчитать стоимость: ${why}`,
    promo: 'Промокод',
    promoInvalid: 'Промокод не найден или больше не действует.',
    useBonus: 'Списать бонусы',
    bonusHint: (amount: string) => `Доступно ${amount}; бонусами — до 30 % стоимости`,
    noBonus: 'Бонусов пока нет',
    note: 'Оплата — после оформления, на странице заказа.',
  },
  draft: {
    idle: '',
    debouncing: 'Изменения не сохранены…',
    saving: 'Сохраняем черновик…',
    saved: 'Черновик сохранён',
    saveFailed: 'Черновик не сохранён — попробуем ещё раз',
    resetting: 'Очищаем черновик…',
    restored: 'Мы восстановили ваш незаконченный заказ — продолжайте с того же места.',
    restart: 'Начать заново',
  },
  submit: { new: 'Оформить заказ', continue: 'Оформить заказ', edit: 'Сохранить изменения' },
  cancelEdit: 'Отмена',
  retry: 'Повторить',
  submitFailed: 'Не удалось отправить форму',
  errorSummary: 'Проверьте поля формы',
  notEditable:
    'Этот заказ уже в работе или в архиве: изменить его может только менеджер. Напишите в чат заказа.',
  saved: 'Изменения заказа сохранены',
  qc: {
    label: 'Без проверки качества',
    hint: 'Файлы автора придут сразу, без проверки отделом качества',
    on: 'Файлы будут приходить без проверки качества',
    off: 'Файлы будут проходить проверку качества',
  },
  load: {
    failedTitle: 'Не удалось открыть форму',
    back: 'К моим заказам',
  },
  confirmation: {
    firstOrder: 'Ваш первый заказ оформлен',
    order: (id: number) => `Заказ №${id}`,
    summary: 'Заказ',
    workType: 'Тип работы',
    topic: 'Тема',
    deadline: 'Срок сдачи',
    price: 'Стоимость',
    status: 'Статус',
    priceByManager: 'назначит менеджер',
    nextSteps: 'Что дальше',
    toOrder: 'Перейти к заказу',
    pay: 'Оплатить заказ',
    allOrders: 'Все заказы',
    failedTitle: 'Не удалось загрузить заказ',
    loading: 'Загружаем заказ…',
  },
} as const;
