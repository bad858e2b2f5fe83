// Sums a V8 CPU profile (.cpuprofile: DevTools, `BENCH_INTERACTION_PROFILE`) by function: the self time of each,
// and the inclusive time of the project's own functions (those whose script is under /assets/ or /src/), biggest
// first. Usage: node scripts/profile-summary.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

const label = (n) => {
  const f = n.callFrame;
  const script = f.url ? f.url.split('/').pop() : '';
  return `${f.functionName || '(anonymous)'}${script ? ` ${script}:${f.lineNumber + 1}` : ''}`;
};
const own = (n) => /\/(assets|src)\//.test(n.callFrame.url);

const self = new Map();
const inclusive = new Map();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  let node = byId.get(id);
  if (node.callFrame.functionName === '(idle)') {
    idle += dt;
    return;
  }
  total += dt;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set();
  for (; node; node = byId.get(parent.get(node.id))) {
    const key = label(node);
    if (own(node) && !seen.has(key)) {
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  }
});

const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');
console.log(`${file}: ${total.toFixed(1)} ms busy, ${idle.toFixed(1)} ms idle`);
console.log(`self:\n${top(self)}`);
console.log(`inclusive, own code:\n${top(inclusive)}`);
