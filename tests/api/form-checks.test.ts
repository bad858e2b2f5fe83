// The forms' checks: the contract's schemas give each field its Russian message (by the field's request path), the
// page's own checks add theirs, and a server refusal is split between the fields and the message above the form.
import { describe, expect, it } from 'vitest';
import { splitRefusal } from '../../machines/submission/submission.refusal';
import { checkRequest, problemsOf } from '../../src/actors/form-fields';
import { fieldProblems } from '../../src/api/validators.lazy';
import { loadChecks } from '../../src/api/validators';

describe('the contract checks of the forms (validators.lazy)', () => {
  it('sign-in: a blank login and password are required', () => {
    expect(fieldProblems('LoginRequest', { login: '  ', password: '' })).toEqual({
      login: ['Обязательное поле.'],
      password: ['Обязательное поле.'],
    });
    expect(fieldProblems('LoginRequest', { login: 'anna@example.com', password: 'x' })).toEqual({});
    expect(fieldProblems('VerifyCodeRequest', { login: 'a', code: '12' })).toEqual({
      code: ['Код состоит из 6 цифр.'],
    });
  });

  it('registration: one message per field, the contract’s', () => {
    expect(
      fieldProblems('RegistrationRequest', {
        email: 'anna',
        password: '12345678',
        accept_terms: false,
        phone: '12',
      }),
    ).toEqual({
      email: ['Введите правильный адрес электронной почты.'],
      password: ['Пароль не может состоять только из цифр.'],
      phone: ['Введите номер телефона в международном формате, например +79991234567.'],
      accept_terms: ['Необходимо принять условия пользовательского соглашения.'],
    });
    expect(
      fieldProblems('RegistrationRequest', {
        email: 'anna@example.com',
        password: 'correct-horse-42',
        accept_terms: true,
      }),
    ).toEqual({});
  });

  it('new password: the confirmation must match', () => {
    expect(
      fieldProblems('SetPasswordRequest', {
        password: 'correct-horse-42',
        password_confirm: 'other-horse-42',
      }),
    ).toEqual({
      password_confirm: ['Пароли не совпадают.'],
    });
  });

  it('refund claim: nested fields are named by their path; a missing order says to pick one', () => {
    expect(
      fieldProblems('RefundClaimRequest', {
        reason: ' ',
        amount: 0,
        recipient: { fio: '', country: 'RU', account: '' },
      }),
    ).toEqual({
      order_id: ['Выберите заказ из списка.'],
      reason: ['Опишите причину возврата.'],
      amount: ['Сумма должна быть больше нуля.'],
      'recipient.fio': ['Укажите ФИО получателя.'],
      'recipient.account': ['Укажите номер карты или счёта.'],
    });
  });

  it('e-mail change: a left-out address is required, a malformed one is told, a good one passes', () => {
    expect(fieldProblems('EmailChangeRequestBody', {})).toEqual({ email: ['Обязательное поле.'] });
    expect(fieldProblems('EmailChangeRequestBody', { email: 'anna@' })).toEqual({
      email: ['Введите правильный адрес электронной почты.'],
    });
    expect(fieldProblems('EmailChangeRequestBody', { email: ' Anna@Example.com ' })).toEqual({});
  });

  it('storno and call-back: no payment chosen, no phone', () => {
    expect(fieldProblems('StornoRequest', { refund_sum: 100, pay_ids: [] })).toEqual({
      pay_ids: ['Выберите хотя бы один платёж.'],
    });
    expect(fieldProblems('CallbackRequestBody', { phone: ' ', name: '', time: '', comment: '' })).toEqual({
      phone: ['Укажите номер телефона.'],
    });
  });
});

describe('the form helper’s checks and refusals', () => {
  it('the contract’s message wins over the page’s own for the same field; both kinds are kept', async () => {
    const check = await loadChecks();
    const refine = () => ({ amount: ['Можно вернуть не больше 500 ₽.'], reason: ['свой'] });
    const request = {
      order_id: 1,
      reason: '',
      amount: 900,
      recipient: { fio: 'А', country: 'RU', account: '1' },
    };
    expect(problemsOf(check, 'RefundClaimRequest', request, refine)).toEqual({
      amount: ['Можно вернуть не больше 500 ₽.'],
      reason: ['Опишите причину возврата.'],
    });
    expect(await checkRequest({ schema: 'RestoreRequest' }, { email: 'anna@example.com' })).toEqual({});
  });

  it('server field errors go to the fields the form shows, the rest and the detail above it', () => {
    const fields = ['email', 'password'];
    expect(
      splitRefusal(
        { status: 400, message: 'Проверьте поля.', fields: { email: ['Занят.'], fio: ['Длинно.'] } },
        fields,
      ),
    ).toEqual({ fieldErrors: { email: ['Занят.'] }, detail: 'Длинно.' });
    expect(splitRefusal({ status: 400, message: 'Неверный логин или пароль.' }, fields)).toEqual({
      fieldErrors: {},
      detail: 'Неверный логин или пароль.',
    });
  });
});
