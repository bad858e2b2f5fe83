// The Russian texts of sign-in, registration and restore: apart from auth.ts, which the SPA's first visit imports.
import { SESSION_ENDED_ELSEWHERE } from './auth';

/** Every text of sign-in, registration and restore that a customer may read (the server answers them). */
export const AUTH_MESSAGES = {
  wrongCredentials: 'Неверный логин или пароль.',
  codeSent: 'Код отправлен.',
  wrongCode: 'Неверный код.',
  codeDead: 'Код недействителен или устарел. Запросите новый.',
  codeExhausted: 'Слишком много неверных попыток. Запросите новый код.',
  restoreSent: 'Если такой адрес зарегистрирован, мы отправили на него ссылку.',
  restoreLinkDead: 'Ссылка для смены пароля недействительна или устарела. Запросите новую.',
  autoLoginDead: 'Ссылка для входа недействительна или устарела.',
  signedOut: 'Вы вышли из кабинета.',
  sessionEndedElsewhere: SESSION_ENDED_ELSEWHERE,
  bodyNotObject: 'Тело запроса должно быть JSON-объектом.',
  required: 'Обязательное поле.',
  notString: 'Ожидается строка.',
  emailInvalid: 'Введите правильный адрес электронной почты.',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован.',
  phoneInvalid: 'Введите номер телефона в международном формате, например +79991234567.',
  phoneTaken: 'Пользователь с таким номером телефона уже зарегистрирован.',
  passwordShort: 'Пароль должен содержать не менее 8 символов.',
  passwordLong: 'Пароль должен быть не длиннее 128 символов.',
  passwordDigits: 'Пароль не может состоять только из цифр.',
  passwordsDiffer: 'Пароли не совпадают.',
  acceptTerms: 'Необходимо принять условия пользовательского соглашения.',
  codeFormat: 'Код состоит из 6 цифр.',
  refreshInBody: 'Токен обновления передаётся только в cookie.',
  loginMethod: 'Способ входа: password или code.',
} as const;
