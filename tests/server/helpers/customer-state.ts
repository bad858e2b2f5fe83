// A customer's whole state as the API shows it (orders of every tab, each order's chat and files with their bytes'
// SHA-256, the payment history, the balances), read from a running server over HTTP: backups and upgrades compare
// it before and after.
import { createHash } from 'node:crypto';
import { ORDER_TABS } from '../../../contract/params';

export interface CustomerState {
  finances: { money: number; bonus: number };
  orders: Record<number, { tab: string; summary: unknown }>;
  messages: Record<number, string[]>;
  files: Record<number, { name: string; size: number; sha256: string }[]>;
  payments: unknown[];
}

export async function signIn(baseUrl: string, login: string, password: string) {
  const res = await fetch(`${baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access: string; finances: { money: number; bonus: number } };
}

export function api(baseUrl: string, token: string) {
  return async <T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (
      res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer()
    ) as T;
  };
}

export async function readCustomerState(
  baseUrl: string,
  login: string,
  password: string,
): Promise<CustomerState> {
  const { access, finances } = await signIn(baseUrl, login, password);
  const call = api(baseUrl, access);
  const state: CustomerState = { finances, orders: {}, messages: {}, files: {}, payments: [] };
  for (const tab of ORDER_TABS)
    for (let page = 1; ; page++) {
      const list = await call<{ next: unknown; results: { id: number }[] }>(
        `/api/client/orders/?tab=${tab}&page=${page}&page_size=50`,
      );
      for (const order of list.results) state.orders[order.id] = { tab, summary: order };
      if (!list.next) break;
    }
  for (const id of Object.keys(state.orders).map(Number)) {
    const texts: string[] = [];
    for (let before: number | undefined; ;) {
      const page = await call<{ results: { id: number; text: string }[]; has_more: boolean }>(
        `/api/client/orders/${id}/messages/?limit=200${before ? `&before=${before}` : ''}`,
      );
      texts.unshift(...page.results.map((m) => m.text));
      if (!page.has_more || page.results.length === 0) break;
      before = Math.min(...page.results.map((m) => m.id));
    }
    state.messages[id] = texts;
    const files = await call<{ results: { id: number; name: string; size: number }[] }>(
      `/api/client/orders/${id}/files/`,
    );
    state.files[id] = [];
    for (const f of files.results) {
      const bytes = await call<ArrayBuffer>(`/api/client/orders/${id}/files/${f.id}/download/`);
      state.files[id].push({
        name: f.name,
        size: f.size,
        sha256: createHash('sha256').update(new Uint8Array(bytes)).digest('hex'),
      });
    }
  }
  for (let page = 1; ; page++) {
    const history = await call<{ next: unknown; results: unknown[] }>(
      `/api/client/payments/history/?page=${page}&page_size=100`,
    );
    state.payments.push(...history.results);
    if (!history.next) break;
  }
  return state;
}
