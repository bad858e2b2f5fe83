// The one HTTP client (ofetch). It adds the bearer token, sends cookies and turns every failure into an ApiError
// (spec point 8). It never decides about the session itself: it asks the token machine for a refresh through the
// `refresh` callback and reports a dead session through `onSessionExpired`.
import {
  createFetch,
  type FetchOptions,
  type FetchResponse,
  type MappedResponseType,
  type ResponseType,
} from 'ofetch';
import { isAuthRejection } from '../../machines/shared/error-info';
import { redirectValueFor } from '../../contract/redirect';
import { TOO_MANY_REQUESTS_PATH, tooManyRequestsHref } from '../lib/retry-after';
import { type ApiError, cancelledError, isUnavailableStatus, toApiError } from './errors';
import type * as z from 'zod/mini';
import type { Api, ApiKey } from '../../contract/api';
import type { PathParamNames } from '../../contract/http';

export interface ApiClientConfig {
  /** The current access token, or null when signed out. */
  getAccessToken: () => string | null;
  /** Refreshes through the token machine (single-flight, one tab for all). true: new token; false: refused. */
  refresh: () => Promise<boolean>;
  /** The refresh was refused (400/401/not authorized): sign out, go to /login?redirect=… */
  onSessionExpired: (redirectTo: string) => void;
  /**
   * Settles once the access token the session is waiting for is there (a page's first screen signed the session in
   * before its start-up refresh answered: src/lib/first-screen.ts); null when nothing is awaited. A call without a
   * token waits for it instead of going out to be refused and then joining that refresh.
   */
  tokenPending?: () => Promise<void> | null;
  /** A full page load (429 → /429?retry=<Retry-After seconds>). */
  navigateHard: (url: string) => void;
  /** Where the visitor is, for the redirect value; defaults to window.location. */
  currentLocation?: () => { pathname: string; search: string };
  /** For tests: a stubbed fetch. */
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  /** Milliseconds before a call without a caller's signal counts as unanswered. */
  timeout?: number;
}

export type ApiOptions<R extends ResponseType = 'json'> = Omit<
  FetchOptions<R>,
  'onRequest' | 'onRequestError' | 'onResponse' | 'onResponseError' | 'retry' | 'baseURL'
> & {
  /** Do not refresh-and-retry on 401 (the call itself checks credentials). */
  noRefresh?: boolean;
  /** A 429 of this call is a business limit the caller shows itself: no full navigation to /429. */
  keep429?: boolean;
  /** A read that gets 502/503/504 is not tried again here (the availability probe asks once). */
  noRetry?: boolean;
  /**
   * Fetched ahead, not asked for by the customer (a tab's list read while the dashboard is idle): its 429 takes no
   * one to /429 and its 502/503/504 is not tried again. The caller drops its failure.
   */
  background?: boolean;
};

/**
 * Told of every answer: 502/503/504 (the service is briefly unavailable) or any other (it serves). The availability
 * actor (machines/availability) listens, and the frame shows "Нет соединения" meanwhile.
 */
export interface AvailabilityListener {
  unavailable: (retryAfter: number | undefined) => void;
  answered: () => void;
}

/**
 * A read (GET/HEAD) that gets 502/503/504 is tried again up to `tries` times in all, after the Retry-After or the
 * backoff (1 s doubling), whichever is longer, at most `maxMs` each: about a minute, then the page shows its error.
 */
export const READ_RETRY = { tries: 8, baseMs: 1_000, maxMs: 15_000 } as const;

/** The wait before the next try of a read: `tries` tries got 502/503/504 so far; `retryAfter` in seconds. */
export function readRetryDelay(tries: number, retryAfter: number | null | undefined): number {
  const backoff = READ_RETRY.baseMs * 2 ** Math.max(0, tries - 1);
  return Math.min(READ_RETRY.maxMs, Math.max(backoff, (retryAfter ?? 0) * 1000));
}

/** Waits `ms`, or rejects as cancelled when `signal` fires first. */
function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError(signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Called on every 403 (a later issue re-checks the repayment verification here). Returns an unsubscribe. */
export type Forbidden403Handler = (error: ApiError, path: string) => void;

export interface ApiClient {
  api: <T>(path: string, options?: ApiOptions) => Promise<T>;
  apiRaw: <T = unknown, R extends ResponseType = 'blob'>(
    path: string,
    options?: ApiOptions<R>,
  ) => Promise<FetchResponse<T>>;
  on403: (handler: Forbidden403Handler) => () => void;
}

/** Calls whose 401 means "wrong credentials", not "token expired": never refreshed (spec point 8, plus `al`). */
const NO_REFRESH = [
  /\/auth\/login\/$/,
  /\/auth\/login\/verify\/$/,
  /\/auth\/token\/refresh\/$/,
  /\/auth\/al\/$/,
];

export function isCredentialCall(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return NO_REFRESH.some((re) => re.test(bare));
}

const DEFAULT_TIMEOUT = 30_000;

function browserLocation() {
  const loc = (globalThis as { location?: { pathname: string; search: string } }).location;
  return loc ? { pathname: loc.pathname, search: loc.search } : { pathname: '/', search: '' };
}

export function createApiClient(
  config: ApiClientConfig,
  forbiddenHandlers: Set<Forbidden403Handler> = new Set(),
  availabilityListeners: Set<AvailabilityListener> = new Set(),
): ApiClient {
  const $fetch = createFetch(config.fetch ? { fetch: config.fetch } : {});
  const currentLocation = config.currentLocation ?? browserLocation;

  async function send<R extends ResponseType>(
    path: string,
    options: ApiOptions<R>,
    responseType: R | undefined,
  ) {
    const { noRefresh, keep429: own429, noRetry: noOwnRetry, background, ...fetchOptions } = options;
    const keep429 = own429 || background;
    const noRetry = noOwnRetry || background;
    const isRead = !options.method || /^(GET|HEAD)$/i.test(options.method);
    const explicitAuth = new Headers(options.headers as HeadersInit | undefined).has('authorization');

    let sentWith: string | null = null;
    const attempt = async () => {
      const headers = new Headers(options.headers as HeadersInit | undefined);
      const token = config.getAccessToken();
      sentWith = token;
      if (!explicitAuth && token) headers.set('Authorization', `Bearer ${token}`);
      try {
        const response = await $fetch.raw(path, {
          ...(fetchOptions as FetchOptions<R>),
          ...(responseType ? { responseType } : {}),
          ...(config.baseURL ? { baseURL: config.baseURL } : {}),
          ...(options.signal ? {} : { timeout: options.timeout ?? config.timeout ?? DEFAULT_TIMEOUT }),
          headers,
          credentials: 'include',
          retry: false,
        });
        for (const listener of availabilityListeners) listener.answered();
        return response;
      } catch (caught) {
        const error = toApiError(caught, options.signal);
        if (error.kind === 'http')
          for (const listener of availabilityListeners)
            if (isUnavailableStatus(error.status)) listener.unavailable(error.retryAfter);
            else listener.answered();
        throw error;
      }
    };

    // A read that got 502/503/504 waits and goes again (bounded); the caller sees its loading state meanwhile, and
    // the frame shows "Нет соединения". A write is never repeated here: its form keeps what was typed and says so.
    const attemptRead = async () => {
      for (let tries = 1; ; tries++) {
        try {
          return await attempt();
        } catch (caught) {
          const error = caught as ApiError;
          if (!isRead || noRetry || !isUnavailableStatus(error.status) || tries >= READ_RETRY.tries)
            throw error;
          await pause(readRetryDelay(tries, error.retryAfter), options.signal);
        }
      }
    };

    const fail = (error: ApiError): never => {
      // Never from /429 itself: a 429 there (its start-up refresh, say) would reload the page forever.
      if (error.status === 429 && !keep429 && currentLocation().pathname !== TOO_MANY_REQUESTS_PATH)
        config.navigateHard(tooManyRequestsHref(error.retryAfter));
      if (error.status === 403) for (const handler of forbiddenHandlers) handler(error, path);
      throw error;
    };

    const mayRefresh = !noRefresh && !explicitAuth && !isCredentialCall(path);
    if (mayRefresh && config.getAccessToken() === null) await config.tokenPending?.();
    try {
      return await attemptRead();
    } catch (caught) {
      const error = caught as ApiError;
      if (error.status !== 401 || !mayRefresh) return fail(error);

      // The token was replaced while the call was under way (a refresh here or in another tab): just retry.
      const current = config.getAccessToken();
      let refreshed: boolean;
      try {
        refreshed = current !== null && current !== sentWith ? true : await config.refresh();
      } catch (refreshError) {
        // An unanswered refresh is no verdict on the session: report it, keep the visitor signed in.
        if (!isAuthRejection(refreshError)) throw toApiError(refreshError);
        refreshed = false;
      }
      if (!refreshed) {
        config.onSessionExpired(redirectValueFor(currentLocation()));
        throw error;
      }
      // Retry once: a second 401 is passed on as it is.
      try {
        return await attemptRead();
      } catch (retryError) {
        return fail(retryError as ApiError);
      }
    }
  }

  return {
    async api<T>(path: string, options: ApiOptions = {}) {
      const response = await send(path, options, undefined);
      return response._data as T;
    },
    async apiRaw<T = unknown, R extends ResponseType = 'blob'>(path: string, options: ApiOptions<R> = {}) {
      const response = await send(path, options, options.responseType ?? ('blob' as R));
      return response as FetchResponse<T>;
    },
    on403(handler) {
      forbiddenHandlers.add(handler);
      return () => forbiddenHandlers.delete(handler);
    },
  };
}

// ---- The app's instance ----------------------------------------------------------------------------------------
// 403 subscribers survive configureApi(): they are registered with the app, not with one client object.
const appForbiddenHandlers = new Set<Forbidden403Handler>();
const appAvailabilityListeners = new Set<AvailabilityListener>();
let instance: ApiClient = createApiClient(
  {
    getAccessToken: () => null,
    refresh: async () => false,
    onSessionExpired: () => {},
    navigateHard: (url) => globalThis.location?.assign(url),
  },
  appForbiddenHandlers,
  appAvailabilityListeners,
);

/** Called once from src/app with the session's callbacks. */
export function configureApi(config: ApiClientConfig): ApiClient {
  instance = createApiClient(config, appForbiddenHandlers, appAvailabilityListeners);
  return instance;
}

/** Hear every answer of the app's calls: unavailable (502/503/504) or served. Returns an unsubscribe. */
export function onAvailability(listener: AvailabilityListener): () => void {
  appAvailabilityListeners.add(listener);
  return () => appAvailabilityListeners.delete(listener);
}

/** Subscribe to 403 answers (hook for the repayment verification re-check of a later issue). */
export function on403(handler: Forbidden403Handler): () => void {
  return instance.on403(handler);
}

// ---- Typed calls from the endpoint table ---------------------------------------------------------------------------
type Row<K extends ApiKey> = Api[K];
type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
export type ParamsArg<K extends ApiKey> = [PathParamNames<PathOf<K>>] extends [never]
  ? object
  : { params: Record<PathParamNames<PathOf<K>>, string | number> };
type QueryArg<K extends ApiKey> =
  Row<K> extends { query: infer Q extends z.core.$ZodType } ? { query?: z.input<Q> } : object;
type BodyArg<K extends ApiKey> =
  Row<K> extends { body: infer B extends z.core.$ZodType }
    ? object extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : Row<K> extends { form: true }
      ? { body: FormData }
      : object;

/** What a call of `K` takes: its path parameters, query and body as the contract types them, and the call options. */
export type CallArgs<K extends ApiKey> = ParamsArg<K> &
  QueryArg<K> &
  BodyArg<K> &
  Omit<ApiOptions, 'method' | 'body' | 'query' | 'params'>;

/** What a call of `K` answers on success, as the contract types it (nothing for answers that are not JSON). */
export type AnswerOf<K extends ApiKey> =
  Row<K> extends { answer: infer A extends z.core.$ZodType } ? z.output<A> : void;

type Rest<K extends ApiKey> = object extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

/** `'/orders/:id/'` with `{ id: 5 }` → `'/orders/5/'`; every value is URL-encoded. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function request<K extends ApiKey>(key: K, args: CallArgs<K> | undefined): [string, ApiOptions] {
  const space = key.indexOf(' ');
  const { params, ...options } = (args ?? {}) as ApiOptions & { params?: Record<string, string | number> };
  return [fillPath(key.slice(space + 1), params), { ...options, method: key.slice(0, space) as 'GET' }];
}

/**
 * The one typed call: `call('GET /api/client/orders/:id/', { params: { id } })`. The key is a row of the contract's
 * endpoint table, so tsc checks the path parameters, the query, the body and the answer. Rejects with ApiError.
 */
export function call<K extends ApiKey>(key: K, ...[args]: Rest<K>): Promise<AnswerOf<K>> {
  const [path, options] = request(key, args);
  return instance.api<AnswerOf<K>>(path, options);
}

/** The same for answers that are files or whose headers are needed: the raw response with a blob (or text). */
export function callRaw<K extends ApiKey, R extends ResponseType = 'blob'>(
  key: K,
  ...[args]: Rest<K>
): Promise<FetchResponse<MappedResponseType<R, AnswerOf<K>>>> {
  const [path, options] = request(key, args);
  return instance.apiRaw(path, options as ApiOptions<R>);
}
