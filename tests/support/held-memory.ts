// What the process holds once its garbage is collected: the JS heap and the ArrayBuffers (every Buffer a body or a
// query's answer came in). Not the resident size: the allocator keeps freed pages for reuse, so RSS shows the
// high-water mark of what was in flight, not what is retained, and grows with garbage not yet collected.
//
// Two full collections: V8 frees the memory of the ArrayBuffers a collection found dead on a background thread, and
// finishes that at the latest when the next full collection starts. After one collection alone, a buffer dropped
// moments ago may still be counted (the longer, the busier the machine), though nothing holds it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function heldBytes(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
