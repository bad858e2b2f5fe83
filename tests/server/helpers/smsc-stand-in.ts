import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmscMessage {
  at: number;
  id: string;
  phone: string;
  mes: string;
  sender: string | undefined;
}

export interface SmscStandIn {
  url: string;
  /** Messages the gateway took (a duplicate refused with error 9 is not taken again). */
  taken: SmscMessage[];
  /** The ids asked about at /sys/status.php. */
  lookups: string[];
  /** Roubles on the account; each message costs 1 (error 3 when it cannot pay). */
  balance: number;
  /** Phones the operator cannot deliver to (error 8). */
  undeliverable: Set<string>;
  /** Answer the next requests with this HTTP status (a gateway outage). */
  outage: number | undefined;
  /** Take sends but never answer them (the instance that asked dies waiting). */
  silent: boolean;
  /** Resolves at the next message taken. */
  nextTaken(): Promise<SmscMessage>;
  close(): Promise<void>;
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  for (const [k, v] of query) if (!body.has(k)) body.set(k, v);
  return body;
}

/**
 * A stand-in for SMSC.ru's HTTP API as its documentation describes it: /sys/send.php and /sys/status.php with
 * login + psw, GET or POST parameters, fmt=3 (JSON answers), a client-given `id` per message, the error codes
 * of send.php (1 parameters, 2 login, 3 money, 7 phone format, 8 undeliverable, 9 the same request within a
 * minute) and status -3 for a message it does not know.
 */
export async function startSmscStandIn(
  account = { login: 'shop', password: 'secret' },
): Promise<SmscStandIn> {
  const waiters: ((m: SmscMessage) => void)[] = [];
  const stand: SmscStandIn = {
    url: '',
    taken: [],
    lookups: [],
    balance: 100,
    undeliverable: new Set(),
    outage: undefined,
    silent: false,
    nextTaken: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const p = await form(req);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const error = (code: number, text: string, id?: string) =>
      json({ error: text, error_code: code, ...(id ? { id } : {}) });
    if (stand.outage) {
      res.writeHead(stand.outage).end('Service Unavailable');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (p.get('fmt') !== '3')
      return void res.writeHead(200).end('ERROR = 1 (fmt=3 expected by this stand-in)');
    if (p.get('login') !== account.login || p.get('psw') !== account.password)
      return error(2, 'authorise error');
    if (path === '/sys/send.php') {
      const phone = p.get('phones') ?? '';
      const mes = p.get('mes') ?? '';
      const id = p.get('id') ?? String(stand.taken.length + 1);
      if (!mes || !phone) return error(1, 'parameters error');
      if (!/^\d{10,15}$/.test(phone)) return error(7, 'invalid number', id);
      if (stand.undeliverable.has(phone)) return error(8, "couldn't deliver", id);
      if (stand.taken.some((m) => m.id === id && m.phone === phone && Date.now() - m.at < 60_000))
        return error(9, 'duplicate request, wait a minute');
      if (stand.balance < 1) return error(3, 'no money', id);
      stand.balance -= 1;
      const message = { at: Date.now(), id, phone, mes, sender: p.get('sender') ?? undefined };
      stand.taken.push(message);
      waiters.splice(0).forEach((w) => w(message));
      if (stand.silent) return; // taken, never answered
      return json({ id, cnt: 1 });
    }
    if (path === '/sys/status.php') {
      stand.lookups.push(p.get('id') ?? '');
      const found = stand.taken.find((m) => m.id === p.get('id') && m.phone === p.get('phone'));
      return json(found ? { status: 1, last_date: '26.11.2026 10:00:00' } : { status: -3 });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
