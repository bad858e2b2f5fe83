import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { profiles } from '../db/tables';
import { ApiError, badRequest } from '../errors';
import {
  AVATAR_FORMATS,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  AVATAR_SIZES,
  type AvatarSize,
} from '../../contract/profile';
import type { Avatars } from '../../contract/profile.api';
import { ensureProfile } from './profile';

/**
 * Avatars are public, immutable files with unguessable names (128 random bits): the URL is the capability, so an
 * <img> can load them without a bearer header, and a CDN may cache them forever. A new upload gets a new name
 * and the old files are deleted, so a URL never shows another picture.
 * Files: DATA_DIR/avatars/<name>-<px>.webp; URLs: /client/api/profile/avatar/<px>/<name>.webp.
 */
export const AVATAR_URL_PREFIX = '/client/api/profile/avatar';

/** A decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const NAME = /^[0-9a-f]{32}$/;

const avatarDir = (deps: Pick<Deps, 'config'>) => join(deps.config.dataDir, 'avatars');
const fileOf = (deps: Pick<Deps, 'config'>, name: string, px: number) =>
  join(avatarDir(deps), `${name}-${px}.webp`);

export function avatarUrls(name: string | null): Avatars {
  if (!name) return { avatars: {} };
  const avatars: Avatars['avatars'] = {};
  for (const [size, px] of Object.entries(AVATAR_SIZES) as [AvatarSize, number][])
    avatars[size] = `${AVATAR_URL_PREFIX}/${px}/${name}.webp`;
  return { avatars };
}

export async function readAvatars(deps: Pick<Deps, 'db'>, userId: number): Promise<Avatars> {
  return avatarUrls((await ensureProfile(deps, userId)).avatarName);
}

async function removeFiles(deps: Pick<Deps, 'config'>, name: string) {
  await Promise.all(Object.values(AVATAR_SIZES).map((px) => rm(fileOf(deps, name, px), { force: true })));
}

/**
 * Checks the real content (not the name or the declared type) with sharp, then writes three webp squares
 * (cover crop, EXIF orientation applied, metadata stripped) and swaps them in.
 */
export async function saveAvatar(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  userId: number,
  bytes: Buffer,
): Promise<Avatars> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new ApiError(413, { detail: AVATAR_MESSAGES.tooLarge });
  let format: string | undefined;
  let pixels = 0;
  // sharp (libvips, ~29 MB resident) is loaded on the first upload, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw badRequest(AVATAR_MESSAGES.notImage);
  }
  if (!format || !(AVATAR_FORMATS as readonly string[]).includes(format) || pixels === 0)
    throw badRequest(AVATAR_MESSAGES.notImage);
  if (pixels > MAX_INPUT_PIXELS) throw badRequest(AVATAR_MESSAGES.tooManyPixels);

  const name = randomBytes(16).toString('hex');
  await mkdir(avatarDir(deps), { recursive: true });
  try {
    for (const px of Object.values(AVATAR_SIZES)) {
      const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(px, px, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
      await writeFile(fileOf(deps, name, px), out);
    }
  } catch {
    // A truncated or corrupt file passes the header check but fails to decode.
    await removeFiles(deps, name);
    throw badRequest(AVATAR_MESSAGES.notImage);
  }

  const previous = await swapAvatarName(deps, userId, name);
  if (previous) await removeFiles(deps, previous);
  return avatarUrls(name);
}

/** Sets the new name and gives the old one; the row lock makes two concurrent uploads leave no orphan files. */
async function swapAvatarName(deps: Pick<Deps, 'db' | 'now'>, userId: number, name: string | null) {
  await ensureProfile(deps, userId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarName: profiles.avatarName })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    await tx
      .update(profiles)
      .set({ avatarName: name, updatedAt: deps.now() })
      .where(eq(profiles.userId, userId));
    return row?.avatarName ?? null;
  });
}

export async function deleteAvatar(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  userId: number,
): Promise<Avatars> {
  const previous = await swapAvatarName(deps, userId, null);
  if (previous) await removeFiles(deps, previous);
  return { avatars: {} };
}

/** The bytes of one avatar file, or null for an unknown size or name (never a path outside the folder). */
export async function readAvatarFile(
  deps: Pick<Deps, 'config'>,
  px: string,
  file: string,
): Promise<Buffer | null> {
  const size = Number(px);
  const name = file.replace(/\.webp$/, '');
  if (!(Object.values(AVATAR_SIZES) as number[]).includes(size) || !NAME.test(name)) return null;
  try {
    return await readFile(fileOf(deps, name, size));
  } catch {
    return null;
  }
}
