// `npm run dev`: the API server in watch mode on API_PORT (3001) and Vite with HMR on 5173, proxying to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_ORIGIN: 'http://localhost:5173', STATIC_DIR: './no-static' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
