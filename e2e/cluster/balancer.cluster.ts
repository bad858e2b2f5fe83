// The balancer itself: round robin over both instances, and one request id from nginx's access log through the
// instance's log to the answer.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { BALANCER, NODES } from './support';

const ACCESS_LOG = process.env.CLUSTER_ACCESS_LOG!;

test('round robin over both instances, the X-Request-Id carried through to each instance’s log', async () => {
  const run = Date.now().toString(36);
  const ids = Array.from({ length: 6 }, (_, i) => `cluster-${run}-${i}`);
  for (const id of ids) {
    const res = await fetch(`${BALANCER}/api/health`, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id'), 'the instance answers the id it was given').toBe(id);
  }

  const served: Record<string, string> = {};
  await expect
    .poll(() => {
      for (const line of readFileSync(ACCESS_LOG, 'utf8').split('\n')) {
        const id = /reqId=(\S+)/.exec(line)?.[1];
        const upstream = /upstream=(\S+)/.exec(line)?.[1];
        if (id && upstream && ids.includes(id)) served[id] = upstream;
      }
      return Object.keys(served).length;
    })
    .toBe(ids.length);
  const ports = new Set(Object.values(served).map((u) => u.split(':').pop()));
  expect([...ports].sort(), 'both instances served').toEqual(NODES.map((n) => new URL(n.url).port).sort());

  // Each id is in the log of the instance nginx names, and only there.
  for (const [id, upstream] of Object.entries(served)) {
    const node = NODES.find((n) => upstream.endsWith(`:${new URL(n.url).port}`))!;
    for (const n of NODES)
      expect(readFileSync(n.logFile, 'utf8').includes(`"reqId":"${id}"`), `${id} in ${n.name}’s log`).toBe(
        n === node,
      );
  }
});
