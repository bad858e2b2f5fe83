// One file upload with real progress. fetch (ofetch) reports no upload progress, so this call alone uses
// XMLHttpRequest and does by hand what the API client does: the bearer token, cookies, one refresh-and-retry on
// 401, and errors as ApiError (the server's Russian detail for a refused file).
import { cancelledError, errorFromResponse, noResponseError } from '../../api/errors';

export interface UploadAuth {
  getAccessToken: () => string | null;
  /** Refresh through the token machine (single-flight); true: a new token. */
  refresh: () => Promise<boolean>;
}

interface Answer {
  status: number;
  data: unknown;
}

function send(
  url: string,
  file: File,
  token: string | null,
  onProgress: (share: number) => void,
  signal: AbortSignal,
) {
  return new Promise<Answer>((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelledError(signal.reason));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    xhr.onload = () => {
      signal.removeEventListener('abort', abort);
      resolve({ status: xhr.status, data: xhr.response as unknown });
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', abort);
      reject(noResponseError());
    };
    xhr.onabort = () => reject(cancelledError(signal.reason));
    signal.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads one file (multipart field `file`); resolves with the JSON answer, rejects with an ApiError. */
export async function uploadFile<T>(
  auth: UploadAuth,
  url: string,
  file: File,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<T> {
  let answer = await send(url, file, auth.getAccessToken(), onProgress, signal);
  if (answer.status === 401 && (await auth.refresh().catch(() => false))) {
    onProgress(0);
    answer = await send(url, file, auth.getAccessToken(), onProgress, signal);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw errorFromResponse(answer.status, answer.data);
}
