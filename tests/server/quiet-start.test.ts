// `npm start` and `npm run dev` on a fresh clone print no warnings before the server's own lines, and those lines say
// where the data is without giving a secret away.
import { describe, expect, it } from 'vitest';
import { createLogger, loadConfigFromFile } from 'vite';
import { describeDatabase, describeStorage } from '../../server/ops/startup';

describe('a quiet start', () => {
  it('loads vite.config.ts (both builds and the dev server load it) without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('info');
    logger.warn = (msg) => void warnings.push(msg);
    logger.warnOnce = (msg) => void warnings.push(msg);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      undefined,
      undefined,
      'info',
      logger,
    );
    expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  }, 60_000);

  it('names the database and the file store, without a password or key', () => {
    const dataDir = '/srv/cabinet/data';
    expect(describeDatabase({ dataDir, databaseUrl: undefined })).toBe('pglite in /srv/cabinet/data/db');
    const pg = describeDatabase({
      dataDir,
      databaseUrl: 'postgres://cabinet:s3cret@db.internal:5432/cabinet',
    });
    expect(pg).toBe('postgres at db.internal:5432/cabinet');
    expect(describeStorage({ dataDir, storage: { driver: 'fs' } })).toBe('files in /srv/cabinet/data');
    const s3 = describeStorage({
      dataDir,
      storage: {
        driver: 's3',
        bucket: 'cabinet-files',
        endpoint: 'https://storage.yandexcloud.net',
        region: 'ru-central1',
        accessKeyId: 'AKIDKEY',
        secretAccessKey: 'very-secret',
        forcePathStyle: false,
      },
    });
    expect(s3).toBe('files in s3://cabinet-files at https://storage.yandexcloud.net');
  });
});
