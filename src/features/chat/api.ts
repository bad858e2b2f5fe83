// The chat's calls (prefix /api/client/orders/, contract contract/orders.api.ts).
import { call, callRaw } from '../../api/client';
import type { ChatMessage, ChatPage, SendMessageRequest } from '../../../contract/orders.api';

const MESSAGES = 'GET /api/client/orders/:id/messages/';

/** Page size of the history; the list loads older pages as the customer scrolls up. */
export const PAGE_SIZE = 50;
const OLDER_PAGE_SIZE = 100;
const NEWER_PAGE_SIZE = 200;

export const fetchLatest = (orderId: number, signal?: AbortSignal) =>
  call(MESSAGES, { params: { id: orderId }, query: { limit: PAGE_SIZE }, ...(signal ? { signal } : {}) });

export const fetchOlder = (orderId: number, before: number, signal?: AbortSignal) =>
  call(MESSAGES, {
    params: { id: orderId },
    query: { before, limit: OLDER_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

/** Everything after `after`, page by page (a long offline spell may have left more than one page). */
export async function fetchNewer(orderId: number, after: number, signal?: AbortSignal): Promise<ChatPage> {
  const results: ChatMessage[] = [];
  let cursor = after;
  for (let guard = 0; guard < 50; guard++) {
    const page = await call(MESSAGES, {
      params: { id: orderId },
      query: { after: cursor, limit: NEWER_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    });
    results.push(...page.results);
    cursor = page.results.at(-1)?.id ?? cursor;
    if (!page.has_more || page.results.length === 0) return { ...page, results, has_more: false };
  }
  return { results, has_more: true, unread: 0 };
}

export const sendMessage = (orderId: number, body: SendMessageRequest) =>
  call('POST /api/client/orders/:id/messages/', { params: { id: orderId }, body });

export const markRead = (orderId: number, upToId: number) =>
  call('POST /api/client/orders/:id/messages/read/', { params: { id: orderId }, body: { up_to_id: upToId } });

/** A chat attachment goes up first (ajax-files); the message then claims it with file_ids. */
export function uploadAttachment(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call('POST /api/client/orders/ajax-files/', { body, ...(signal ? { signal } : {}) });
}

/** A file of a message: the answer is an attachment that needs the bearer token, so it is fetched as a blob. */
export async function downloadFile(orderId: number, fileId: number, name: string) {
  const response = await callRaw('GET /api/client/orders/:id/files/:file/download/', {
    params: { id: orderId, file: fileId },
  });
  const blob = response._data;
  if (!blob) throw new Error('empty download');
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** GET {id}/files/{fileId}/preview/: the bytes for the in-page viewer (src/ui/preview). */
export async function fetchPreview(orderId: number, fileId: number, signal: AbortSignal): Promise<Blob> {
  const res = await callRaw('GET /api/client/orders/:id/files/:file/preview/', {
    params: { id: orderId, file: fileId },
    signal,
  });
  return res._data ?? new Blob();
}
