// Creates an empty PGlite database in the directory given as the only argument, then exits.
// Run as a child process by openDatabase (client.ts) when DATA_DIR holds no database yet: initdb's WebAssembly
// instance and its memory (~500 MB resident) then live and die in this short process, not in the server.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node server/db/create-pglite.mjs <data-dir>');
  process.exit(2);
}
const db = await PGlite.create(dir);
await db.close();
