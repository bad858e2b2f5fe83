// The e2e server: a fresh, temporary DATA_DIR each run, the real server, the built SPA.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildServer } from './build-server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-e2e-'));
const bundle = await buildServer();
const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_ORIGIN: `http://localhost:${process.env.PORT}`,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
