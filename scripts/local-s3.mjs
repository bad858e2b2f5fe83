// An S3-protocol server on loopback for trying the s3 storage driver without a cloud account (s3rver, the same
// server the API tests use): `node scripts/local-s3.mjs [port] [folder]`, then start the cabinet with the
// variables it prints. Objects are plain files in the folder. A development aid only, never a production store.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import S3rver from 's3rver';

const port = Number(process.argv[2] ?? 4569);
const directory = resolve(process.argv[3] ?? './data/s3');
const bucket = 'cabinet';
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const address = await server.run();
console.log(
  `S3 on http://127.0.0.1:${address.port}, bucket "${bucket}" in ${directory}. Start the cabinet with:`,
);
console.log(
  `S3_ENDPOINT=http://127.0.0.1:${address.port} S3_BUCKET=${bucket} S3_FORCE_PATH_STYLE=1 ` +
    'S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER npm start',
);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
