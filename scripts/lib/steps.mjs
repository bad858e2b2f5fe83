// The steps of `npm test` (scripts/test.mjs) and `npm run test:quick` (scripts/test-quick.mjs): each is timed, a
// failure stops the run with the times so far, and the run ends with one line of every step's time.
import { spawn, spawnSync } from 'node:child_process';

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** `title` names the run in its last line ("npm test", "test:quick"). */
export function stepRunner(title) {
  const started = Date.now();
  const timings = [];

  function fail(name, code) {
    console.error(`\n✗ ${title}: ${name} failed. ${timings.join(' · ')}`);
    process.exit(code || 1);
  }

  return {
    /** A step with the terminal to itself; `shown` is printed after the name (e.g. the command). */
    step(name, command, args, { env = {}, shown = '' } = {}) {
      const t = Date.now();
      console.log(`\n▶ ${name}${shown ? `: ${shown}` : ''}`);
      const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
      timings.push(`${name} ${seconds(t)} s`);
      if (run.status !== 0) fail(name, run.status);
    },

    /** Steps side by side; each one's output is held and printed whole when it ends, so lines never interleave. */
    async together(steps) {
      const t = Date.now();
      console.log(`\n▶ ${steps.map((s) => s.name).join(', ')} (side by side)`);
      const results = await Promise.all(
        steps.map(
          (s) =>
            new Promise((resolve) => {
              const own = Date.now();
              const child = spawn(s.command, s.args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
              let out = '';
              child.stdout.on('data', (d) => (out += d));
              child.stderr.on('data', (d) => (out += d));
              child.on('close', (code) => {
                console.log(
                  `\n── ${s.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(own)} s`,
                );
                if (out.trim()) console.log(out.trimEnd());
                resolve({ name: s.name, code });
              });
            }),
        ),
      );
      timings.push(`${steps.map((s) => s.name).join(' + ')} ${seconds(t)} s`);
      const failed = results.find((r) => r.code !== 0);
      if (failed) fail(failed.name, failed.code);
    },

    /** The closing line. */
    done() {
      console.log(`\n✓ ${title} passed in ${seconds(started)} s: ${timings.join(' · ')}`);
    },
  };
}
