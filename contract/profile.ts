// The profile group (spec points 3 and 7 "Profile", the e-mail change, linking a social network, call-backs):
// the constants, rules and texts both sides need, without zod (the SPA's first visit may import this file).
// The schemas of what goes in and comes out, and the endpoint rows, are in profile.api.ts.

export const EDUCATION_LEVELS = [
  { id: 1, title: 'Школа' },
  { id: 2, title: 'Колледж / техникум' },
  { id: 3, title: 'Бакалавриат' },
  { id: 4, title: 'Специалитет' },
  { id: 5, title: 'Магистратура' },
  { id: 6, title: 'Аспирантура' },
] as const;

export const TRAINING_FORMS = [
  { id: 1, title: 'Очная' },
  { id: 2, title: 'Заочная' },
  { id: 3, title: 'Очно-заочная' },
  { id: 4, title: 'Дистанционная' },
] as const;

/** The mailing status; derived from `email_delivery` (POST/DELETE /profile/subscribe/). */
export const UNISENDER_STATUSES = {
  subscribed: { id: 1, title: 'Подписан' },
  unsubscribed: { id: 2, title: 'Отписан' },
} as const;

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/** Square avatar sizes in pixels. */
export const AVATAR_SIZES = { small: 64, medium: 160, large: 400 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

/** GET/POST /api/client/profile/session/ — a free-form object of the SPA, at most this many bytes as JSON. */
export const SESSION_DATA_MAX_BYTES = 16 * 1024;

/** At most this many call-back requests per customer per hour. */
export const CALLBACKS_PER_HOUR = 3;

/**
 * The e-mail change's confirmation link lives this long: the customer asks for it on /email-edit and the letter
 * arrives in seconds, so an hour covers a slow mail server or a walk to another device, while a link left lying in
 * a mailbox (or forwarded) soon stops working; /email-edit sends a new one in one click.
 */
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

// ---- Rules -----------------------------------------------------------------------------------------------------
/** Placeholders the old back office stored for "no birthday". */
const UNSET_BIRTHDAYS = new Set(['1970-01-01', '1996-01-01']);
/** A birthday as the spec shows it: null when unset (1970-01-01 and 1996-01-01 count as unset). */
export const normalizeBirthday = (value: string | null | undefined): string | null =>
  !value || UNSET_BIRTHDAYS.has(value) ? null : value;

/** YYYY-MM-DD naming a real day of the calendar. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** '@handle', 'handle', 't.me/handle' or 'https://t.me/handle' → '@handle'; null when it breaks Telegram's rules. */
export function normalizeTelegram(raw: string): string | null {
  const handle = raw
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(handle) ? `@${handle}` : null;
}

// ---- Texts -----------------------------------------------------------------------------------------------------
/** Every text of the profile form, the call-back request and the session data a customer may read. */
export const PROFILE_MESSAGES = {
  bodyNotObject: 'Тело запроса должно быть JSON-объектом.',
  notString: 'Ожидается строка.',
  notBoolean: 'Ожидается значение да или нет.',
  fioLength: 'ФИО должно содержать от 2 до 150 символов.',
  birthdayFormat: 'Введите дату в формате ГГГГ-ММ-ДД.',
  birthdayFuture: 'Дата рождения не может быть в будущем.',
  birthdayTooYoung: 'Пользоваться сервисом можно с 14 лет.',
  birthdayTooOld: 'Проверьте дату рождения: возраст не может быть больше 100 лет.',
  sex: 'Выберите пол: male или female.',
  phoneInvalid: 'Введите номер телефона в международном формате, например +79991234567.',
  phoneTaken: 'Этот номер телефона уже используется другим пользователем.',
  notInList: 'Выберите значение из списка.',
  universityLength: 'Название вуза должно быть не длиннее 200 символов.',
  groupLength: 'Поле должно быть не длиннее 100 символов.',
  course: 'Курс — целое число от 1 до 6.',
  telegram:
    'Ник в Telegram: от 5 до 32 латинских букв, цифр или «_», начинается с буквы (например, @ivan_petrov).',
  sessionTooLarge: 'Данные сессии больше 16 КБ.',
  sessionNotObject: 'Данные сессии должны быть JSON-объектом.',
  nameLength: 'Имя должно быть не длиннее 100 символов.',
  commentLength: 'Комментарий должен быть не длиннее 1000 символов.',
  timeLength: 'Время звонка должно быть не длиннее 100 символов.',
  phoneRequired: 'Укажите номер телефона.',
} as const;

export const AVATAR_MESSAGES = {
  multipart: 'Отправьте изображение как multipart/form-data в поле file.',
  noFile: 'Прикрепите изображение в поле file.',
  notImage: 'Файл не является изображением. Загрузите JPEG, PNG, WebP или GIF.',
  tooLarge: 'Изображение больше 5 МБ.',
  tooManyPixels: 'Изображение слишком большое: не более 40 мегапикселей.',
} as const;

export const EMAIL_CHANGE_MESSAGES = {
  sameEmail: 'Это ваш текущий e-mail.',
  emailTaken: 'Этот e-mail уже используется другим пользователем.',
  /** The token matches no link (mistyped, cut short when copied). */
  linkDead:
    'Ссылка для смены e-mail недействительна: проверьте, что она скопирована из письма целиком, или запросите смену ещё раз.',
  linkUsed: 'По этой ссылке уже перешли: новый адрес подтверждён.',
  linkExpired: 'Срок действия ссылки истёк (она действует 1 час). Запросите смену e-mail ещё раз.',
  linkReplaced: 'Эта ссылка больше не действует: вы запросили новую ссылку или отменили смену e-mail.',
  /** What /login shows (?msg=) after a link opened while signed out has confirmed the address. */
  confirmedSignIn: 'Адрес подтверждён. Войдите.',
  tokenRequired: 'Не передан токен подтверждения.',
  nothingPending: 'Нет запроса на смену e-mail.',
} as const;

export const SOCIAL_LINK_MESSAGES = {
  unknownNetwork: 'Неизвестная соцсеть.',
  alreadyLinked: (title: string) => `Аккаунт ${title} уже привязан к профилю.`,
  linked: (title: string) => `Аккаунт ${title} привязан к профилю.`,
  stateDead: 'Ссылка привязки устарела. Начните привязку в профиле ещё раз.',
} as const;
