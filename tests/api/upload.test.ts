import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { uploadWithProgress } from '../../src/api/upload';

/** A scripted XMLHttpRequest: each instance answers with the next step of `script`. */
function fakeXhr(script: { status: number; body: unknown; progress?: number[] }[]) {
  const sent: { headers: Record<string, string>; url: string; form: FormData }[] = [];
  let n = 0;
  class FakeXhr {
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private headers: Record<string, string> = {};
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const step = script[n++]!;
      sent.push({ headers: this.headers, url: this.url, form });
      queueMicrotask(() => {
        for (const loaded of step.progress ?? [])
          this.upload.onprogress?.({ loaded, total: 100, lengthComputable: true });
        this.status = step.status;
        this.response = step.body;
        this.onload?.();
      });
    }
  }
  return { make: () => new FakeXhr() as unknown as XMLHttpRequest, sent };
}

const file = new Blob([new Uint8Array(100)]);

describe('uploadWithProgress', () => {
  it('sends the file as multipart with the bearer token and reports the upload progress', async () => {
    const xhr = fakeXhr([{ status: 201, body: { results: [{ id: 7 }] }, progress: [30, 100] }]);
    const progress = vi.fn();
    const answer = await uploadWithProgress(
      { getAccessToken: () => 'access-1', refresh: async () => true },
      {
        url: '/api/client/orders/5/files/',
        file,
        name: 'Введение.docx',
        onProgress: progress,
        xhr: xhr.make,
      },
    );
    expect(answer).toEqual({ results: [{ id: 7 }] });
    expect(progress.mock.calls).toEqual([
      [30, 100],
      [100, 100],
    ]);
    expect(xhr.sent[0]!.headers.Authorization).toBe('Bearer access-1');
    expect((xhr.sent[0]!.form.get('file') as File).name).toBe('Введение.docx');
  });

  it('refreshes once on 401 and sends again with the new token', async () => {
    const xhr = fakeXhr([
      { status: 401, body: { detail: 'Токен просрочен.' } },
      { status: 201, body: { results: [] } },
    ]);
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    await uploadWithProgress(
      { getAccessToken: () => token, refresh },
      { url: '/x', file, name: 'a.pdf', xhr: xhr.make },
    );
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(xhr.sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a refused file rejects with the server detail', async () => {
    const detail = 'Файл «setup.exe»: такой тип файлов не принимается.';
    const xhr = fakeXhr([{ status: 400, body: { detail } }]);
    const error = await uploadWithProgress(
      { getAccessToken: () => 't', refresh: async () => true },
      { url: '/x', file, name: 'setup.exe', xhr: xhr.make },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(detail);
    expect((error as ApiError).status).toBe(400);
  });

  it('an aborted upload rejects as cancelled', async () => {
    const abort = new AbortController();
    abort.abort('Ушли со страницы');
    const xhr = fakeXhr([]);
    const error = await uploadWithProgress(
      { getAccessToken: () => 't', refresh: async () => true },
      { url: '/x', file, name: 'a.pdf', signal: abort.signal, xhr: xhr.make },
    ).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('cancelled');
    expect((error as ApiError).message).toBe('Запрос отменён: Ушли со страницы');
    expect(xhr.sent).toHaveLength(0);
  });
});
