// A server of its own for a spec that needs settings the run's shared server does not have (real deliveries, a
// social provider): the built bundle (dist-server/, which the run's webServer made) on a fresh PGlite folder and a
// free loopback port. It stops, and its folder goes, with close().
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_MACHINE_SHEDDING } from './test-server-env';

export interface BuiltServer {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', resolve);
  });
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the bundle with the e2e servers' common settings and the spec's own, which may depend on the server's
 * origin (`env(url)`: a provider's redirect address), and answers once GET /api/health does. `name` is for errors.
 */
export async function startBuiltServer(
  name: string,
  env: (url: string) => Record<string, string> | Promise<Record<string, string>>,
): Promise<BuiltServer> {
  const bundle = join(process.cwd(), 'dist-server', 'main.mjs');
  if (!existsSync(bundle)) throw new Error('dist-server/main.mjs is missing: the e2e webServer builds it');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const own = await env(url);
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-e2e-server-'));
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
      ...TEST_MACHINE_SHEDDING,
      ...own,
    },
  });
  const close = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A loaded machine starts it in seconds, not tens of them; 60 s is a server that will not start.
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`the ${name} server exited with ${child.exitCode}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, close };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`the ${name} server did not start within 60 s`);
}
