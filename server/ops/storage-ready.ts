import { access, mkdir } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join } from 'node:path';
import type { Deps } from '../env';

/**
 * Whether file storage can take an upload; rejects with the reason when not. Today the storage is the DATA_DIR/files
 * folder: it must exist (or be made) and be writable. When storage becomes a driver, this asks the driver instead.
 */
export async function storageReady(deps: Pick<Deps, 'config'>): Promise<void> {
  const dir = join(deps.config.dataDir, 'files');
  await mkdir(dir, { recursive: true });
  await access(dir, constants.W_OK);
}
