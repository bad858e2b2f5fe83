// Every row of the error catalogue (spec point 8) the HTTP client owns, against a stubbed fetch.
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  isCredentialCall,
  readRetryDelay,
  READ_RETRY,
  type ApiClientConfig,
  type AvailabilityListener,
} from '../../src/api/client';
import { ApiError, ERROR_MESSAGES } from '../../src/api/errors';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

type Reply = Response | (() => Response | Promise<Response>) | Error;

/** A fetch that answers the queued replies in order and records each call. */
function stubFetch(...replies: Reply[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal;
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      credentials: init?.credentials,
    });
    const reply = replies.shift();
    if (!reply) throw new Error('no reply queued');
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') {
      // A slow answer: settles unless the request is aborted first.
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () =>
          reject(signal.reason ?? new DOMException('aborted', 'AbortError')),
        );
        Promise.resolve(reply()).then(resolve, reject);
      });
    }
    return reply;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(replies: Reply[], overrides: Partial<ApiClientConfig> = {}) {
  const { fetch, calls } = stubFetch(...replies);
  let token: string | null = 'access-1';
  const config = {
    getAccessToken: vi.fn(() => token),
    refresh: vi.fn(async () => {
      token = 'access-2';
      return true;
    }),
    onSessionExpired: vi.fn(),
    navigateHard: vi.fn(),
    currentLocation: () => ({ pathname: '/order/5/files', search: '?al=once&tab=2' }),
    fetch,
    ...overrides,
  };
  return { client: createApiClient(config), calls, config };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('HTTP client: requests', () => {
  it('sends the bearer token and cookies, JSON in and out', async () => {
    const { client, calls } = setup([json(200, { ok: 1 })]);
    const data = await client.api<{ ok: number }>('/api/client/orders/', { method: 'POST', body: { a: 1 } });
    expect(data).toEqual({ ok: 1 });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer access-1');
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[0]!.body).toBe('{"a":1}');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, calls } = setup([json(200, [])], { getAccessToken: () => null });
    await client.api('/client/api/socials/links/');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('waits for the token a first screen’s refresh is bringing instead of going out without one', async () => {
    let token: string | null = null;
    let arrive = () => {};
    const pending = new Promise<void>((resolve) => (arrive = resolve));
    const { client, calls, config } = setup([json(200, {}), json(200, {})], {
      getAccessToken: () => token,
      tokenPending: () => (token === null ? pending : null),
    });
    const answer = client.api('/api/client/profile/session/');
    // The refresh itself (a credential call) never waits: it is what brings the token.
    await client.api('/api/client/auth/token/refresh/', { method: 'POST', body: {} });
    expect(calls.map((c) => c.url)).toEqual(['/api/client/auth/token/refresh/']);
    token = 'access-9';
    arrive();
    await answer;
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer access-9');
    expect(config.refresh).not.toHaveBeenCalled();
  });

  it('keeps an explicit Authorization header', async () => {
    const { client, calls } = setup([json(200, {})]);
    await client.api('/api/client/profile/', { headers: { Authorization: 'Bearer fresh' } });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer fresh');
  });

  it('apiRaw gives the response with its headers and a blob', async () => {
    const { client } = setup([
      new Response('PK-zip', {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' },
      }),
    ]);
    const response = await client.apiRaw<Blob>('/api/client/orders/5/files/download-zip/', {
      method: 'POST',
    });
    expect(response.headers.get('content-disposition')).toContain('a.zip');
    expect(await (response._data as Blob).text()).toBe('PK-zip');
  });
});

describe('HTTP client: the error catalogue (spec point 8)', () => {
  it('request cancelled: "Запрос отменён" plus the reason', async () => {
    const { client } = setup([() => new Promise<Response>(() => {})]);
    const controller = new AbortController();
    const pending = client.api('/api/client/orders/', { signal: controller.signal });
    controller.abort('новый запрос списка');
    const error = await failure(pending);
    expect(error.kind).toBe('cancelled');
    expect(error.message).toBe('Запрос отменён: новый запрос списка');
    expect(error.reason).toBe('новый запрос списка');
    expect(error.status).toBeUndefined();
  });

  it('request cancelled without a reason: just "Запрос отменён"', async () => {
    const { client } = setup([() => new Promise<Response>(() => {})]);
    const controller = new AbortController();
    const pending = client.api('/api/client/orders/', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error.message).toBe(ERROR_MESSAGES.cancelled);
  });

  it('no response: "Сервер не отвечает"', async () => {
    const { client } = setup([new TypeError('Failed to fetch')]);
    const error = await failure(client.api('/api/client/orders/'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Сервер не отвечает');
  });

  it('no answer in time: "Сервер не отвечает"', async () => {
    const { client } = setup([() => new Promise<Response>(() => {})]);
    const error = await failure(client.api('/api/client/orders/', { timeout: 20 }));
    expect(error.message).toBe('Сервер не отвечает');
  });

  it('HTTP 429: a full page load of /429', async () => {
    const { client, config } = setup([json(429, { detail: 'Слишком много попыток.' })]);
    const error = await failure(client.api('/api/client/auth/login/', { method: 'POST', body: {} }));
    expect(error.status).toBe(429);
    expect(config.navigateHard).toHaveBeenCalledWith('/429');
  });

  it("HTTP 429 with Retry-After: /429 is told the server's wait, bounded", async () => {
    const limited = (retryAfter: string) =>
      new Response(JSON.stringify({ detail: 'Слишком много попыток.' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      });
    const { client, config } = setup([limited('90'), limited('86400'), limited('later')]);
    const first = await failure(client.api('/api/client/auth/login/', { method: 'POST', body: {} }));
    expect(first.retryAfter).toBe(90);
    await failure(client.api('/api/client/orders/'));
    await failure(client.api('/api/client/orders/'));
    expect(vi.mocked(config.navigateHard).mock.calls).toEqual([
      ['/429?retry=90'],
      ['/429?retry=3600'],
      ['/429'],
    ]);
  });

  it('HTTP 429 on /429 itself: no navigation, so the page never reloads itself in a loop', async () => {
    const { client, config } = setup([json(429, {})], {
      currentLocation: () => ({ pathname: '/429', search: '?retry=30' }),
    });
    const error = await failure(client.api('/api/client/auth/token/refresh/', { method: 'POST', body: {} }));
    expect(error.status).toBe(429);
    expect(config.navigateHard).not.toHaveBeenCalled();
  });

  it('HTTP 429 of a read fetched ahead (background): no navigation, the caller gets the error', async () => {
    const { client, config } = setup([json(429, {}), json(429, {})]);
    const error = await failure(client.api('/api/client/orders/', { background: true }));
    expect(error.status).toBe(429);
    expect(config.navigateHard).not.toHaveBeenCalled();
    // The same read asked for by the customer still goes to /429.
    await failure(client.api('/api/client/orders/'));
    expect(config.navigateHard).toHaveBeenCalledWith('/429');
  });

  it('HTTP 401: refresh the token and retry once with the new one', async () => {
    const { client, calls, config } = setup([json(401, { detail: 'expired' }), json(200, { id: 5 })]);
    await expect(client.api('/api/client/orders/5/')).resolves.toEqual({ id: 5 });
    expect(config.refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(config.onSessionExpired).not.toHaveBeenCalled();
  });

  it('HTTP 401 for a token replaced meanwhile (another tab refreshed): retried with the new one, no refresh', async () => {
    let token = 'access-1';
    const { client, calls, config } = setup(
      [
        () => {
          token = 'access-from-the-other-tab';
          return json(401, { detail: 'expired' });
        },
        json(200, { id: 5 }),
      ],
      { getAccessToken: vi.fn(() => token) },
    );
    await expect(client.api('/api/client/orders/5/')).resolves.toEqual({ id: 5 });
    expect(config.refresh).not.toHaveBeenCalled();
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-from-the-other-tab',
    ]);
  });

  it('HTTP 401 again after the retry: passed on, no second refresh', async () => {
    const { client, calls, config } = setup([json(401, { detail: 'a' }), json(401, { detail: 'b' })]);
    const error = await failure(client.api('/api/client/orders/5/'));
    expect(error.status).toBe(401);
    expect(error.detail).toBe('b');
    expect(calls).toHaveLength(2);
    expect(config.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    '/api/client/auth/login/',
    '/api/client/auth/login/verify/',
    '/api/client/auth/token/refresh/',
    '/api/client/auth/al/',
  ])('HTTP 401 on %s: no refresh', async (path) => {
    const { client, calls, config } = setup([json(401, { detail: 'Неверный логин или пароль.' })]);
    const error = await failure(client.api(path, { method: 'POST', body: {} }));
    expect(error.message).toBe('Неверный логин или пароль.');
    expect(config.refresh).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('HTTP 401 with noRefresh or an explicit token: no refresh', async () => {
    const { client, config } = setup([json(401, {}), json(401, {})]);
    await failure(client.api('/api/client/auth/logout/', { method: 'POST', noRefresh: true }));
    await failure(client.api('/api/client/profile/', { headers: { Authorization: 'Bearer x' } }));
    expect(config.refresh).not.toHaveBeenCalled();
  });

  it('refresh refused (400/401/not authorized): sign out, /login?redirect=<page without al>', async () => {
    const { client, calls, config } = setup([json(401, { detail: 'expired' })], {
      refresh: vi.fn(async () => false),
    });
    const error = await failure(client.api('/api/client/orders/5/'));
    expect(error.status).toBe(401);
    expect(config.onSessionExpired).toHaveBeenCalledWith('/order/5/files?tab=2');
    expect(calls).toHaveLength(1);
  });

  it('refresh rejected with an auth error counts as refused', async () => {
    const { client, config } = setup([json(401, {})], {
      refresh: vi.fn(async () => {
        throw new ApiError({ kind: 'http', status: 401, message: 'not authorized' });
      }),
    });
    await failure(client.api('/api/client/orders/'));
    expect(config.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refresh without an answer: "Сервер не отвечает", the session stays', async () => {
    const { client, config } = setup([json(401, {})], {
      refresh: vi.fn(async () => {
        throw new ApiError({ kind: 'network', message: ERROR_MESSAGES.noResponse });
      }),
    });
    const error = await failure(client.api('/api/client/orders/'));
    expect(error.message).toBe('Сервер не отвечает');
    expect(config.onSessionExpired).not.toHaveBeenCalled();
  });

  it('HTTP 403: the on403 hooks hear it (repayment re-check of a later issue)', async () => {
    const { client } = setup([json(403, { detail: 'Нужна верификация.' }), json(403, {})]);
    const heard: string[] = [];
    const off = client.on403((error, path) => heard.push(`${path}: ${error.message}`));
    await failure(client.api('/api/client/payments/repayment/', { method: 'POST', body: {} }));
    off();
    await failure(client.api('/api/client/payments/repayment/', { method: 'POST', body: {} }));
    expect(heard).toEqual(['/api/client/payments/repayment/: Нужна верификация.']);
  });

  it.each([
    [
      'detail',
      400,
      { detail: 'Заказ не найден.' },
      { message: 'Заказ не найден.', detail: 'Заказ не найден.' },
    ],
    [
      'field errors',
      400,
      { email: ['Введите правильный e-mail.'], password: ['Слишком короткий.'] },
      {
        message: 'Введите правильный e-mail.',
        fields: { email: ['Введите правильный e-mail.'], password: ['Слишком короткий.'] },
      },
    ],
    [
      'a string field',
      400,
      { token: 'Ссылка устарела.' },
      { message: 'Ссылка устарела.', fields: { token: ['Ссылка устарела.'] } },
    ],
    ['an empty body', 404, {}, { message: 'Ошибка запроса (404)' }],
    ['a server error page', 500, '<html>Internal error</html>', { message: ERROR_MESSAGES.serverError }],
  ])('maps %s to ApiError', async (_, status, body, expected) => {
    const reply =
      typeof body === 'string'
        ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
        : json(status, body);
    const { client } = setup([reply]);
    const error = await failure(client.api('/api/client/orders/'));
    expect(error).toMatchObject({ status, kind: 'http', ...expected });
    expect(error.toInfo()).toMatchObject({ status, message: expected.message });
  });
});

describe('HTTP client: the service is briefly unavailable (502/503/504)', () => {
  const unavailable = (retryAfter?: string) =>
    new Response(JSON.stringify({ detail: 'database unavailable' }), {
      status: 503,
      headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
    });

  function withListener(replies: Reply[]) {
    const { fetch, calls } = stubFetch(...replies);
    const heard: string[] = [];
    const listener: AvailabilityListener = {
      unavailable: (retryAfter) => heard.push(`unavailable ${retryAfter ?? '-'}`),
      answered: () => heard.push('answered'),
    };
    const client = createApiClient(
      {
        getAccessToken: () => 'access-1',
        refresh: async () => true,
        onSessionExpired: vi.fn(),
        navigateHard: vi.fn(),
        fetch,
      },
      new Set(),
      new Set([listener]),
    );
    return { client, calls, heard };
  }

  it('a read is tried again after the Retry-After and answers once the service is back; the listeners hear each', async () => {
    vi.useFakeTimers();
    try {
      const { client, calls, heard } = withListener([unavailable('2'), unavailable(), json(200, { id: 5 })]);
      const answer = client.api('/api/client/orders/5/');
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      // The second 503 named no wait: the backoff of the second try (2 s).
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls).toHaveLength(3);
      await expect(answer).resolves.toEqual({ id: 5 });
      expect(heard).toEqual(['unavailable 2', 'unavailable -', 'answered']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read gives up after READ_RETRY.tries with the catalogue text, never the operator detail', async () => {
    vi.useFakeTimers();
    try {
      const replies = Array.from({ length: READ_RETRY.tries }, () => unavailable('1'));
      const { client, calls } = withListener(replies);
      const settled = client.api('/api/client/orders/').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      const error = (await settled) as ApiError;
      expect(calls).toHaveLength(READ_RETRY.tries);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(503);
      expect(error.message).toBe(ERROR_MESSAGES.unavailable);
      expect(error.detail).toBe('database unavailable');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read waiting to be tried again stops at once when its caller aborts', async () => {
    const { client, calls } = withListener([unavailable('30')]);
    const controller = new AbortController();
    const settled = failure(client.api('/api/client/orders/', { signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 0));
    controller.abort('другой фильтр');
    const error = await settled;
    expect(error.kind).toBe('cancelled');
    expect(calls).toHaveLength(1);
  });

  it('a write is never repeated: one POST, the 503 passed on with the catalogue text', async () => {
    const { client, calls, heard } = withListener([unavailable('5')]);
    const error = await failure(
      client.api('/api/client/profile/', { method: 'PATCH', body: { first_name: 'Анна' } }),
    );
    expect(calls).toHaveLength(1);
    expect(error.status).toBe(503);
    expect(error.retryAfter).toBe(5);
    expect(error.message).toBe(
      'Сервис ненадолго недоступен. Введённое не потеряно — попробуйте ещё раз через минуту.',
    );
    expect(heard).toEqual(['unavailable 5']);
  });

  it('noRetry: a read tried once (the availability probe)', async () => {
    const { client, calls } = withListener([unavailable('1')]);
    const error = await failure(client.api('/api/client/profile/session/', { noRetry: true }));
    expect(error.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('background: a read fetched ahead is tried once', async () => {
    const { client, calls } = withListener([unavailable('1')]);
    const error = await failure(client.api('/api/client/orders/', { background: true }));
    expect(error.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('another error answer is an answer: the listeners hear the service serves, nothing is retried', async () => {
    const { client, calls, heard } = withListener([json(500, { detail: 'boom' })]);
    await failure(client.api('/api/client/orders/'));
    expect(calls).toHaveLength(1);
    expect(heard).toEqual(['answered']);
  });

  it('waits 1 s doubling per try, at least the Retry-After, at most 15 s', () => {
    expect(readRetryDelay(1, undefined)).toBe(1_000);
    expect(readRetryDelay(3, undefined)).toBe(4_000);
    expect(readRetryDelay(1, 6)).toBe(6_000);
    expect(readRetryDelay(10, null)).toBe(15_000);
    expect(readRetryDelay(1, 3600)).toBe(15_000);
  });
});

describe('isCredentialCall', () => {
  it.each([
    ['/api/client/auth/login/', true],
    ['/api/client/auth/login/verify/', true],
    ['/api/client/auth/token/refresh/', true],
    ['/api/client/auth/al/', true],
    ['/api/client/auth/login/?next=1', true],
    ['/api/client/auth/logout/', false],
    ['/api/client/orders/', false],
  ])('%s → %s', (path, expected) => {
    expect(isCredentialCall(path)).toBe(expected);
  });
});
