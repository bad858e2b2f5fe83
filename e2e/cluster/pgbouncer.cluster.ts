// The instances reach PostgreSQL through PgBouncer in transaction mode (docs/operations.md "PgBouncer"): their two
// pools share a few server connections, while each instance's LISTEN connection and nothing else goes straight to
// PostgreSQL. Seen from both ends: PgBouncer's admin console and PostgreSQL's pg_stat_activity.
import pg from 'pg';
import { expect, test } from '../support/fixtures';
import { readFileSync } from 'node:fs';
import { A, B, NODES, signIn } from './support';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster specs with \`npm run e2e:cluster\`.`);
  return value;
}

async function rows<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T & pg.QueryResultRow>(text)).rows;
  } finally {
    await client.end();
  }
}

test('two instances share PgBouncer’s few server connections; LISTEN goes straight to PostgreSQL', async ({
  customer,
}) => {
  const admin = env('CLUSTER_PGBOUNCER_ADMIN');
  const direct = env('CLUSTER_DATABASE_DIRECT');
  // A burst on both instances at once: each pool opens several connections to PgBouncer.
  const reads = await Promise.all(
    [A, B].map(async (node) => {
      const { access } = await signIn(node.url, customer);
      return Promise.all(
        Array.from({ length: 30 }, () =>
          fetch(`${node.url}/api/client/orders/?limit=20`, {
            headers: { authorization: `Bearer ${access}` },
          }).then((res) => res.status),
        ),
      );
    }),
  );
  expect(reads.flat().every((status) => status === 200)).toBe(true);

  const [pool] = await rows<{ database: string; pool_mode: string }>(admin, 'show pools').then((all) =>
    all.filter((p) => p.database === 'postgres'),
  );
  expect(pool?.pool_mode).toBe('transaction');
  const clients = (await rows<{ database: string }>(admin, 'show clients')).filter(
    (c) => c.database === 'postgres',
  );

  const backends = await rows<{ pid: number; client_port: number; query: string }>(
    direct,
    `select pid, client_port, query from pg_stat_activity
     where backend_type = 'client backend' and datname = 'postgres' and pid <> pg_backend_pid()`,
  );
  // PgBouncer's server connections after the backends: every backend then open is among them.
  const servers = (await rows<{ database: string; local_port: number }>(admin, 'show servers')).filter(
    (s) => s.database === 'postgres',
  );
  const viaBouncer = new Set(servers.map((s) => Number(s.local_port)));
  // More client connections than server connections: transactions of different clients share them.
  expect(clients.length).toBeGreaterThan(servers.length);
  const listeners = backends.filter((b) => /^listen /i.test(b.query));
  expect(listeners, 'one LISTEN connection per instance').toHaveLength(2);
  for (const l of listeners) expect(viaBouncer.has(l.client_port), 'LISTEN past PgBouncer').toBe(false);
  // Every other backend is one of PgBouncer's server connections.
  const others = backends.filter((b) => !listeners.includes(b) && !viaBouncer.has(b.client_port));
  expect(others, 'backends neither LISTEN nor PgBouncer’s').toEqual([]);
  // The role gives the pooled sessions their statement_timeout (docs/operations.md "PgBouncer"): no instance warned.
  for (const node of NODES)
    expect(readFileSync(node.logFile, 'utf8'), `${node.name}'s log`).not.toContain('no statement_timeout');
  console.log(
    `PgBouncer: ${clients.length} client connections of the instances' pools on ${servers.length} server ` +
      `connections; PostgreSQL: ${backends.length} backends (${listeners.length} LISTEN)`,
  );
});
