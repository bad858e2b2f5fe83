// What the cluster specs know of the cluster (from the CLUSTER_* variables scripts/cluster/e2e.ts sets): the balancer
// (the page's baseURL), each instance's own address and log, and the control calls that stop and start instances.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, staffHeaders } from '../support/fixtures';

export interface Node {
  name: string;
  /** http://localhost:<port>: the instance itself, past the balancer. */
  url: string;
  metricsUrl: string;
  logFile: string;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster specs with \`npm run e2e:cluster\`.`);
  return value;
}

export const BALANCER = env('CLUSTER_URL');
export const NODES = JSON.parse(env('CLUSTER_INSTANCES')) as Node[];
const CONTROL = env('CLUSTER_CONTROL');

export const [A, B] = NODES as [Node, Node];
export const other = (node: Node) => NODES.find((n) => n !== node)!;

/** The staff API of one instance, past the balancer, with the run's key of the row's role. */
export async function staffAt<T = unknown>(
  request: APIRequestContext,
  node: Node,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${node.url}/api/staff${path}`, {
    method,
    headers: staffHeaders(method, path),
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok())
    throw new Error(`staff ${method} ${path} on ${node.name} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs the customer in at `base` (an instance or the balancer) with a bare fetch, so that no cookie jar adds or
 * keeps anything: the access token and the refresh cookie's value.
 */
export async function signIn(
  base: string,
  customer: { email: string; password: string },
): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${base}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: customer.email, password: customer.password }),
  });
  expect(res.status, `sign-in on ${base}`).toBe(200);
  return { access: ((await res.json()) as { access: string }).access, refresh: refreshCookie(res) };
}

/** The value of the refresh cookie an answer sets. */
export function refreshCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cabinet_refresh='));
  const value = cookie?.slice('cabinet_refresh='.length).split(';')[0];
  if (!value) throw new Error(`no refresh cookie in the answer (${res.status} ${res.url})`);
  return value;
}

/** SIGTERM to an instance; resolves once it exited, with its exit code. */
export async function stopInstance(node: Node): Promise<{ code: number | null; ms: number }> {
  const res = await fetch(`${CONTROL}/instances/${node.name}/stop`, { method: 'POST' });
  if (!res.ok) throw new Error(`stopping ${node.name}: ${await res.text()}`);
  return (await res.json()) as { code: number | null; ms: number };
}

/** Starts an instance (again) and resolves once its /readyz answers 200. */
export async function startInstance(node: Node): Promise<void> {
  const res = await fetch(`${CONTROL}/instances/${node.name}/start`, { method: 'POST' });
  if (!res.ok) throw new Error(`starting ${node.name}: ${await res.text()}`);
}

/** Both instances up: what a spec that stopped one leaves behind for the next. */
export async function startAll(): Promise<void> {
  const list = (await (await fetch(`${CONTROL}/instances`)).json()) as { name: string; running: boolean }[];
  for (const n of list) if (!n.running) await startInstance(NODES.find((x) => x.name === n.name)!);
}

/**
 * How many sockets each instance has accepted so far: every upgrade writes one request line (route /ws/client/,
 * status 200) to the instance's log as it opens. Counted before and after a page connects, it names the instance
 * holding that page's socket — the specs run one browser at a time.
 */
export function socketsAccepted(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of NODES) {
    counts[n.name] = readFileSync(n.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"route":"/ws/client/"') && line.includes('"status":200')).length;
  }
  return counts;
}

/** The instance that accepted a socket since `before` (exactly one must have). */
export async function socketOpenedOn(before: Record<string, number>): Promise<Node> {
  let opened: Node[] = [];
  await expect
    .poll(
      () => {
        const now = socketsAccepted();
        opened = NODES.filter((n) => now[n.name]! > before[n.name]!);
        return opened.length;
      },
      { message: 'one instance accepted the page’s socket', timeout: 10_000 },
    )
    .toBe(1);
  return opened[0]!;
}

/** Counts the socket's hellos (one per successful connect) and notices closes. */
export function trackSocket(page: Page) {
  let hellos = 0;
  let closes = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ws/client/')) return;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"hello"')) hellos++;
    });
    ws.on('close', () => closes++);
  });
  return {
    /** Resolves once `n` connections in all said hello. */
    waitForHellos: (n: number) =>
      expect
        .poll(() => hellos, { message: `${n} socket hello(s)`, timeout: 20_000 })
        .toBeGreaterThanOrEqual(n),
    hellos: () => hellos,
    closes: () => closes,
  };
}

/** The demo order in work, with a chat (the same one e2e/chat.spec.ts uses). */
export const CHAT_TOPIC = 'Цифровые образовательные технологии в начальной школе';
export const CHAT_HISTORY_LINE = 'Учту, добавлю 8–10 статей на английском.';

export async function orderId(
  request: APIRequestContext,
  customer: { email: string },
  topicStart: string,
): Promise<number> {
  const list = await staffAt<{ results: { id: number; topic: string }[] }>(
    request,
    A,
    'GET',
    `/orders/?email=${encodeURIComponent(customer.email)}`,
  );
  const order = list.results.find((o) => o.topic.startsWith(topicStart));
  if (!order) throw new Error(`no demo order "${topicStart}"`);
  return order.id;
}
