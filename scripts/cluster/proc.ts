// Child processes of the cluster (PostgreSQL, the S3 server, the instances, nginx): each writes to a log file of its
// own in the cluster's temporary folder, can be stopped with a signal and a deadline, and is killed at the latest when
// this process exits, whatever the reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Proc {
  name: string;
  pid: number;
  logFile: string;
  alive(): boolean;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<Exit>;
  /** Sends `signal`; after `graceMs` without an exit, SIGKILL. Resolves with the exit and how long it took. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit & { ms: number }>;
}

/** Everything still running, so that an exit of this process (even a crash) takes it along. */
const running = new Map<ChildProcess, NodeJS.Signals>();
let exitHookInstalled = false;

/** Kills every child still running at once (SIGKILL, or the process's own last-resort signal). Synchronous. */
export function killLeftovers() {
  for (const [child, signal] of running) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
  running.clear();
}

export function start(
  name: string,
  command: string,
  args: string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    logFile: string;
    cwd?: string;
    uid?: number;
    gid?: number;
    /** What an exit of this process sends it (SIGKILL unless said; PostgreSQL wants SIGQUIT). */
    lastResort?: NodeJS.Signals;
  },
): Proc {
  if (!exitHookInstalled) {
    process.on('exit', killLeftovers);
    exitHookInstalled = true;
  }
  // Appending: an instance started again after a stop keeps writing to the same file.
  const fd = openSync(opts.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', fd, fd],
      ...(opts.uid === undefined ? {} : { uid: opts.uid, gid: opts.gid }),
    });
  } finally {
    closeSync(fd);
  }
  running.set(child, opts.lastResort ?? 'SIGKILL');
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      exit = { code, signal };
      resolve(exit);
    });
    child.once('error', (err) => {
      running.delete(child);
      exit = { code: -1, signal: null };
      resolve(exit);
      console.error(`${name}: could not start ${command}: ${err.message}`);
    });
  });
  return {
    name,
    pid: child.pid ?? -1,
    logFile: opts.logFile,
    alive: () => exit === undefined,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      const t0 = Date.now();
      if (exit) return { ...exit, ms: 0 };
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, ms: Date.now() - t0 };
    },
  };
}

/** A TCP port nobody listens on at this moment (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The last `lines` lines of a log file, for error messages. */
export function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return '(no log)';
  const text = readFileSync(file, 'utf8').trimEnd();
  return text.split('\n').slice(-lines).join('\n') || '(empty log)';
}

/**
 * Polls `check` until it returns true. Fails after `timeoutMs`, or at once when `proc` exits meanwhile, with the
 * end of its log in the message.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  opts: { timeoutMs?: number; proc?: Proc; everyMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 60_000, proc, everyMs = 100 } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && !proc.alive()) {
      const e = await proc.exited;
      throw new Error(
        `${proc.name} exited (code ${e.code}, signal ${e.signal}) before ${what}. Its log (${proc.logFile}):\n${tail(proc.logFile)}`,
      );
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs / 1000} s.` +
          (proc ? ` The log of ${proc.name} (${proc.logFile}):\n${tail(proc.logFile)}` : ''),
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** True when an HTTP GET of `url` answers `status` (200 by default) within 2 s. */
export async function answers(url: string, status = 200): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await res.arrayBuffer();
  return res.status === status;
}
