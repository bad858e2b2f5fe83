// nginx in front of the instances: the committed site file (deploy/nginx/cabinet.conf) filled with this run's ports
// and paths, inside a throw-away main file whose pid, logs and temporary folders all live in the cluster's folder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClusterUnavailable } from './postgres';
import { freePort, start, waitUntil, type Proc } from './proc';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_TEMPLATE = join(ROOT, 'deploy/nginx/cabinet.conf');
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Balancer {
  port: number;
  /** http://localhost:port — the origin browsers use (PUBLIC_ORIGIN of the instances). */
  url: string;
  accessLog: string;
  errorLog: string;
  /** The generated main file. */
  config: string;
  proc: Proc;
  stop(): Promise<void>;
}

/** Fills `{{NAME}}` placeholders; a placeholder without a value, or a value without a placeholder, is an error. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const used = new Set<string>();
  const out = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for {{${name}}}`);
    used.add(name);
    return value;
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`nginx template: no placeholder for ${unused.join(', ')}`);
  return out;
}

export function checkNginxAvailable(): void {
  if (!existsSync(NGINX))
    throw new ClusterUnavailable(
      `${NGINX} is missing: the cluster run puts Debian's nginx in front (apt-get install nginx, or NGINX_BIN=…).`,
    );
}

/**
 * Starts nginx on `port` (else a free one) of loopback in front of `upstreams` (ports of instances on 127.0.0.1), with its files
 * under `dir/<name>/`, and waits until it answers.
 */
export async function startBalancer(
  dir: string,
  upstreams: number[],
  opts: {
    name?: string;
    port?: number;
    /** More directives for the http {} block around the site (the bench's; the site file stays as committed). */
    http?: string[];
  } = {},
): Promise<Balancer> {
  const name = opts.name ?? 'nginx';
  let port = opts.port;
  checkNginxAvailable();
  const home = join(dir, name);
  mkdirSync(home, { recursive: true });
  port ??= await freePort();
  const accessLog = join(home, 'access.log');
  const errorLog = join(home, 'error.log');
  const site = fillTemplate(readFileSync(SITE_TEMPLATE, 'utf8'), {
    SERVERS: upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    LISTEN: `    listen 127.0.0.1:${port};`,
    ACCESS_LOG: accessLog,
  });
  writeFileSync(join(home, 'cabinet.conf'), site);
  const config = join(home, 'nginx.conf');
  // Started as root, the master stays root and the workers run as nobody: the folders they write to must be theirs
  // or open to them (nginx creates the temporary folders itself, owned by the worker user).
  writeFileSync(
    config,
    [
      '# Generated for one cluster run by scripts/cluster/nginx.ts; the site is deploy/nginx/cabinet.conf.',
      'daemon off;',
      'worker_processes auto;',
      `pid ${join(home, 'nginx.pid')};`,
      `error_log ${errorLog} notice;`,
      'events { worker_connections 4096; }',
      'http {',
      '    default_type application/octet-stream;',
      `    client_body_temp_path ${join(home, 'body')};`,
      `    proxy_temp_path ${join(home, 'proxy')};`,
      `    fastcgi_temp_path ${join(home, 'fastcgi')};`,
      `    uwsgi_temp_path ${join(home, 'uwsgi')};`,
      `    scgi_temp_path ${join(home, 'scgi')};`,
      ...(opts.http ?? []).map((line) => `    ${line}`),
      `    include ${join(home, 'cabinet.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const proc = start(name, NGINX, ['-c', config, '-p', `${home}/`], { logFile: errorLog });
  const url = `http://localhost:${port}`;
  // Any answer will do: the instances were ready before nginx started.
  await waitUntil(
    `nginx answering on port ${port}`,
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status > 0,
    { proc, timeoutMs: 15_000 },
  );
  return {
    port,
    url,
    accessLog,
    errorLog,
    config,
    proc,
    async stop() {
      // SIGTERM: fast shutdown (SIGQUIT would wait for the sockets, which stay open for hours).
      await proc.stop('SIGTERM', 5_000);
    },
  };
}
