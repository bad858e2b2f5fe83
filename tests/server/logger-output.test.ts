// The log is JSON for everything but a person: through a pipe each line is one JSON object; in a terminal (a real
// pseudo-terminal made by util-linux's `script`) the same lines are readable text, with secrets still blanked.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCRIPT = join(import.meta.dirname, 'fixtures/log-lines.ts');
const command = [process.execPath, '--import', 'tsx', SCRIPT];
const hasScript = existsSync('/usr/bin/script');
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

describe('the server log', () => {
  it('writes one JSON object per line when stdout is not a terminal', () => {
    const run = spawnSync(command[0]!, command.slice(1), { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'Слушаю http://localhost:3000', port: 3000 });
    expect(lines[0]!.token).toBe('[redacted]');
    expect(lines[1]).toMatchObject({ level: 'warn', reqId: 'req-7', msg: 'медленный ответ' });
  });

  it.skipIf(!hasScript)('prints readable lines, secrets blanked, when stdout is a terminal', () => {
    const quoted = command.map((c) => `'${c}'`).join(' ');
    const run = spawnSync('script', ['-qec', quoted, '/dev/null'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, TERM: 'xterm' },
    });
    expect(run.status, run.stderr).toBe(0);
    const text = run.stdout.replace(ANSI, '').replace(/\r/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Слушаю http:\/\/localhost:3000$/m);
    expect(text).toMatch(/^\s+port: 3000$/m);
    expect(text).toMatch(/^\s+token: "\[redacted\]"$/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: медленный ответ$/m);
    expect(text).not.toContain('secret-access-token');
    expect(text).not.toContain('{"level"');
  });
});
