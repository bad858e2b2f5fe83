// Spec point 8, "Continue-registration fails: detail, else first token message, else status" — what the e-mail
// step after a social sign-in (POST /client/api/socials/email/) rejects with.
import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../src/api/client';
import { ApiError, ERROR_MESSAGES } from '../../src/api/errors';
import { socialEmailAuth } from '../../src/features/auth/api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(reply: Response | Error): Promise<ApiError> {
  configureApi({
    getAccessToken: () => null,
    refresh: async () => false,
    onSessionExpired: vi.fn(),
    navigateHard: vi.fn(),
    fetch: (async () => {
      if (reply instanceof Error) throw reply;
      return reply;
    }) as unknown as typeof fetch,
  });
  try {
    await socialEmailAuth({ token: 't', email: 'a@example.com' });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('continue-registration errors', () => {
  it.each([
    [
      'the detail first',
      { detail: 'Вход через соцсеть устарел.', token: ['x'] },
      'Вход через соцсеть устарел.',
    ],
    [
      'else the first message of token, even when another field comes first',
      { email: ['Введите правильный адрес.'], token: ['Ссылка устарела.', 'Второе.'] },
      'Ссылка устарела.',
    ],
    ['else the status, not another field', { email: ['Введите правильный адрес.'] }, 'Ошибка запроса (400)'],
    ['else the status', {}, 'Ошибка запроса (400)'],
  ])('%s', async (_, body, message) => {
    const error = await failureOf(json(400, body));
    expect(error.message).toBe(message);
    expect(error.status).toBe(400);
  });

  it('keeps the field messages for the form and the text of a server error', async () => {
    const error = await failureOf(json(400, { email: ['Занят.'], token: ['Устарела.'] }));
    expect(error.fields).toEqual({ email: ['Занят.'], token: ['Устарела.'] });
    expect((await failureOf(json(500, 'Internal error'))).message).toBe('Ошибка сервера. Попробуйте позже.');
    // The service briefly unavailable: the catalogue's text, never the operator's detail.
    expect((await failureOf(json(502, 'Bad gateway'))).message).toBe(ERROR_MESSAGES.unavailable);
    expect((await failureOf(json(503, { detail: 'database unavailable' }))).message).toBe(
      ERROR_MESSAGES.unavailable,
    );
  });

  it('no answer stays "Сервер не отвечает"', async () => {
    expect((await failureOf(new TypeError('Failed to fetch'))).message).toBe('Сервер не отвечает');
  });
});
