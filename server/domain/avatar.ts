import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { profiles } from '../db/tables';
import { badRequest, tooLarge } from './errors';
import {
  AVATAR_FORMATS,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  AVATAR_SIZES,
  type AvatarSize,
} from '../../contract/profile';
import type { Avatars } from '../../contract/profile.api';
import { ensureProfile, findProfile } from './profile';

/**
 * Avatars are public, immutable files with unguessable names (128 random bits): the URL is the capability, so an
 * <img> can load them without a bearer header, and a CDN may cache them forever. A new upload gets a new name
 * and the old files are deleted, so a URL never shows another picture.
 * Storage keys: avatars/<name>-<px>.webp (DATA_DIR/avatars/… with the fs driver); URLs:
 * /client/api/profile/avatar/<px>/<name>.webp.
 */
export const AVATAR_URL_PREFIX = '/client/api/profile/avatar';

/** A decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const NAME = /^[0-9a-f]{32}$/;

const PIXELS = Object.values(AVATAR_SIZES) as number[];
const avatarKey = (name: string, px: number) => `avatars/${name}-${px}.webp`;

export function avatarUrls(name: string | null): Avatars {
  if (!name) return { avatars: {} };
  const avatars: Avatars['avatars'] = {};
  for (const [size, px] of Object.entries(AVATAR_SIZES) as [AvatarSize, number][])
    avatars[size] = `${AVATAR_URL_PREFIX}/${px}/${name}.webp`;
  return { avatars };
}

export async function readAvatars(deps: Pick<Deps, 'db'>, userId: number): Promise<Avatars> {
  return avatarUrls((await findProfile(deps, userId)).avatarName);
}

/** Best effort: a leftover file is never shown (its name is in no profile) and must not fail the request. */
async function removeFiles(deps: Pick<Deps, 'storage'>, name: string) {
  await deps.storage.delete(PIXELS.map((px) => avatarKey(name, px))).catch((err: unknown) => {
    console.warn(`Could not remove the avatar files of ${name}:`, err);
  });
}

/**
 * Checks the real content (not the name or the declared type) with sharp, then stores three webp squares
 * (cover crop, EXIF orientation applied, metadata stripped) and swaps them in. An upload that fails at any step
 * leaves none of its files in the store.
 */
export async function saveAvatar(
  deps: Pick<Deps, 'db' | 'storage' | 'now'>,
  userId: number,
  bytes: Buffer,
): Promise<Avatars> {
  if (bytes.length > AVATAR_MAX_BYTES) throw tooLarge(AVATAR_MESSAGES.tooLarge);
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

  const squares: [number, Buffer][] = [];
  try {
    for (const px of PIXELS) {
      const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(px, px, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
      squares.push([px, out]);
    }
  } catch {
    // A truncated or corrupt file passes the header check but fails to decode.
    throw badRequest(AVATAR_MESSAGES.notImage);
  }

  const name = randomBytes(16).toString('hex');
  let previous: string | null;
  try {
    // Settled, not Promise.all: the cleanup below must not race a put still under way.
    const puts = await Promise.allSettled(
      squares.map(([px, out]) => deps.storage.put(avatarKey(name, px), out, { contentType: 'image/webp' })),
    );
    const failed = puts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    previous = await swapAvatarName(deps, userId, name);
  } catch (err) {
    await removeFiles(deps, name);
    throw err;
  }
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
  deps: Pick<Deps, 'db' | 'storage' | 'now'>,
  userId: number,
): Promise<Avatars> {
  const previous = await swapAvatarName(deps, userId, null);
  if (previous) await removeFiles(deps, previous);
  return { avatars: {} };
}

/** The bytes of one avatar file, or null for an unknown size or name (never a path outside the folder). */
export async function readAvatarFile(
  deps: Pick<Deps, 'storage'>,
  px: string,
  file: string,
): Promise<Buffer | null> {
  const size = Number(px);
  const name = file.replace(/\.webp$/, '');
  if (!PIXELS.includes(size) || !NAME.test(name)) return null;
  const bytes = await deps.storage.read(avatarKey(name, size));
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
