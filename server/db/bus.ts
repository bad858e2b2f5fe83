// The LISTEN side of PostgreSQL's LISTEN/NOTIFY: one connection of its own per instance (never one of the pool's,
// which a flood of slow queries may hold), that outlives the database going away. A lost connection (a restart,
// a crash, a cut, a terminated backend) is opened again with backoff and every channel is listened to again; the
// subscribers are then told, since what was published meanwhile never reached this instance.
import pg from 'pg';
import type { DbTimeouts } from './timeouts';
import type { DbLog } from './client';

interface Subscriber {
  handler: (payload: string) => void;
  onResumed: (() => void) | undefined;
}

/** Backoff between reconnects: 250 ms doubling, at most 5 s, times a random 0.5–1 (instances not in step). */
export const BUS_BACKOFF = { baseMs: 250, maxMs: 5_000 } as const;

const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;

export interface Bus {
  listen(
    channel: string,
    handler: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  connected(): boolean;
  close(): Promise<void>;
}

export function openBus(url: string, timeouts: Pick<DbTimeouts, 'connectMs'>, log: DbLog): Bus {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lostAt: number | undefined;
  let closed = false;

  function dropped(c: pg.Client, error: Error) {
    if (c !== client) return;
    client = undefined;
    c.end().catch(() => {});
    if (closed) return;
    lostAt ??= Date.now();
    log.warn({ err: error }, `realtime bus: LISTEN connection lost (${error.message}); reconnecting`);
    reconnectLater();
  }

  /**
   * A connection opened again after a loss holds back what it hears until its subscribers have been told
   * (`resumed`): a payload that reached a socket before the socket was told to read again would move the client's
   * "newest seen" past everything published while the connection was gone, and its catch-up read (everything after
   * the newest it has) would then skip that gap. Held payloads are delivered right after the subscribers are told.
   */
  let held: { channel: string; payload: string }[] | undefined;

  function deliver(channel: string, payload: string) {
    for (const sub of channels.get(channel) ?? []) sub.handler(payload);
  }

  function resumed() {
    const backlog = held ?? [];
    held = undefined;
    for (const subs of channels.values()) for (const sub of subs) sub.onResumed?.();
    for (const { channel, payload } of backlog) deliver(channel, payload);
  }

  async function open(): Promise<pg.Client> {
    // LISTEN and UNLISTEN answer at once; one that does not means the connection is gone.
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: 5_000,
    });
    c.on('error', (error) => dropped(c, error));
    c.on('end', () => dropped(c, new Error('connection ended')));
    c.on('notification', (m) => {
      if (m.payload === undefined) return;
      if (held) held.push({ channel: m.channel, payload: m.payload });
      else deliver(m.channel, m.payload);
    });
    try {
      await c.connect();
      for (const channel of channels.keys()) await c.query(`listen ${quoted(channel)}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await c.end().catch(() => {});
      throw new Error('realtime bus closed');
    }
    client = c;
    return c;
  }

  function reconnectLater() {
    clearTimeout(timer);
    const ceiling = Math.min(BUS_BACKOFF.maxMs, BUS_BACKOFF.baseMs * 2 ** attempt++);
    timer = setTimeout(reconnect, Math.round(ceiling * (0.5 + Math.random() / 2)));
    timer.unref();
  }

  function reconnect() {
    if (closed || client || opening) return;
    held = [];
    opening = open();
    opening.then(
      () => {
        opening = undefined;
        log.info({ downMs: lostAt === undefined ? 0 : Date.now() - lostAt }, 'realtime bus: listening again');
        attempt = 0;
        lostAt = undefined;
        resumed();
      },
      (error: unknown) => {
        opening = undefined;
        if (closed) return;
        log.warn({ err: error, attempt }, 'realtime bus: reconnect failed');
        reconnectLater();
      },
    );
  }

  return {
    async listen(channel, handler, onResumed) {
      const sub: Subscriber = { handler, onResumed };
      const known = channels.has(channel);
      if (!known) channels.set(channel, new Set());
      channels.get(channel)!.add(sub);
      // The first subscription opens the connection, and a failure then is the caller's (the server does not
      // start); later, a connection being reopened listens to the new channel itself.
      if (!client && lostAt === undefined) {
        opening ??= open().finally(() => (opening = undefined));
        await opening;
      } else if (client && !known) await client.query(`listen ${quoted(channel)}`);
      return async () => {
        const subs = channels.get(channel);
        subs?.delete(sub);
        if (subs?.size === 0) {
          channels.delete(channel);
          await client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
        }
      };
    },
    connected: () => client !== undefined,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client ?? (await opening?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
