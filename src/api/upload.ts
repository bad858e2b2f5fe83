// File uploads with real progress. ofetch (fetch) has no upload progress, so this one call uses XMLHttpRequest
// and does by hand what the API client does for every other call: the bearer token, cookies, one refresh and
// retry on 401, and the error catalogue of spec point 8 (the server's Russian detail for a refused file).
import { errorFromResponse, cancelledError, noResponseError, type ApiError } from './errors';
import { fillPath, type AnswerOf, type ParamsArg } from './client';
import type { Api, ApiKey } from '../../contract/api';

export interface UploadAuth {
  /** The current access token (the token machine's). */
  getAccessToken: () => string | null;
  /** Refresh through the token machine (single-flight); true: a new token. */
  refresh: () => Promise<boolean>;
}

export interface UploadOptions {
  url: string;
  file: Blob;
  name: string;
  /** Multipart field name (the server reads `file`). */
  field?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** For tests: another XMLHttpRequest. */
  xhr?: () => XMLHttpRequest;
}

interface Answer {
  status: number;
  data: unknown;
}

function send(options: UploadOptions, token: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = options.xhr?.() ?? new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', options.url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      options.onProgress?.(e.loaded, e.lengthComputable ? e.total : options.file.size);
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, data: xhr.response as unknown });
    };
    xhr.onerror = () => {
      options.signal?.removeEventListener('abort', abort);
      reject(noResponseError());
    };
    xhr.onabort = () => reject(cancelledError(options.signal?.reason));
    if (options.signal?.aborted) {
      reject(cancelledError(options.signal.reason));
      return;
    }
    options.signal?.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append(options.field ?? 'file', options.file, options.name);
    xhr.send(form);
  });
}

/** Uploads one file; resolves with the server's JSON answer, rejects with an ApiError. */
export async function uploadWithProgress<T>(auth: UploadAuth, options: UploadOptions): Promise<T> {
  let answer = await send(options, auth.getAccessToken());
  if (answer.status === 401 && (await auth.refresh().catch(() => false))) {
    options.onProgress?.(0, options.file.size);
    answer = await send(options, auth.getAccessToken());
  }
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw errorFromResponse(answer.status, answer.data) satisfies ApiError;
}

// ---- Uploads to a row of the endpoint table ----------------------------------------------------------------------
/** The rows of the endpoint table that take files (`form: true`); all of them are POSTs. */
export type UploadKey = { [K in ApiKey]: Api[K] extends { form: true } ? K : never }[ApiKey];

/** Uploads one file to `key` (`'POST /api/client/orders/:id/files/'` with `params: { id }`): its answer as typed. */
export function uploadTo<K extends UploadKey>(
  auth: UploadAuth,
  key: K,
  options: Omit<UploadOptions, 'url'> & ParamsArg<K>,
): Promise<AnswerOf<K>> {
  const { params, ...rest } = options as Omit<UploadOptions, 'url'> & {
    params?: Record<string, string | number>;
  };
  return uploadWithProgress<AnswerOf<K>>(auth, {
    ...rest,
    url: fillPath(key.slice(key.indexOf(' ') + 1), params),
  });
}
