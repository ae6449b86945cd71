// A DJ's artwork for their set (docs/publishing.md): the picture is read by its content (sharp), never
// its name or declared type, cropped square to the two sizes the app shows a set's art in (as the
// demo catalogue's), stored through the media store, and set on the draft and, once published, on the
// set at once. The previous artwork's objects are deleted after the change commits.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBytes, type MySet, PUBLISH_LIMITS } from '@cratedig/contract/publish-api';
import sharp from 'sharp';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { MediaStore } from '../../lib/media-store';
import type { UserContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import { setOwnedSetArt } from '../import/owned-set-service';
import { lockOwnUpload, mySetOf, ownUpload, updateUpload } from './queries';

/** Where the owner sends a set's artwork, the picture itself as the body (not a JSON call). */
export const ARTWORK_PATH = '/api/publish/sets/:id/artwork';

/** The square sizes of a set's art (the demo catalogue's, db/seed/media/artwork.ts). */
export const ART_SIZES = { sm: 200, xl: 600 } as const;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const NOT_AN_IMAGE = 'This file is not a picture Cratedig can read. Upload a JPEG, PNG or WebP image.';
export const TOO_BIG = `This picture is larger than ${formatBytes(PUBLISH_LIMITS.artMaxBytes)}: give a smaller one.`;
export const TOO_SMALL = `This picture is too small: give one at least ${PUBLISH_LIMITS.artMinPx} pixels on its short side.`;
const TAKEN_DOWN = 'This set was taken down: it can no longer be changed or published.';
/**
 * Pixels a picture may have: a 6000 × 8000 photo, and not a small file that unpacks into gigabytes.
 * Both sizes are made from it, so each costs a decode: pictures a user may send in an hour.
 */
const MAX_PIXELS = 48_000_000;
const PER_HOUR = 30;
export const ART_LIMITED =
  'You have changed pictures many times in a short time. Please try again in a while.';
export const TOO_MANY_PIXELS = 'This picture is too large to read: give one of at most 48 megapixels.';

/** The picture's size, or a 415 when its content is no picture of an accepted format. */
async function readImage(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw new HttpError(415, NOT_AN_IMAGE);
    if (meta.width * meta.height > MAX_PIXELS)
      throw unprocessable({ artwork: [TOO_MANY_PIXELS] }, TOO_MANY_PIXELS);
    // a picture turned by its EXIF orientation shows with its sides swapped
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(415, NOT_AN_IMAGE);
  }
}

/** PUT …/artwork: the raw image as the body. */
export async function putArtwork(
  ctx: UserContext,
  media: MediaStore,
  id: string,
  bytes: Buffer,
): Promise<MySet> {
  const row = await ownUpload(ctx.db, ctx.userId, id);
  if (!row) throw notFound('Set');
  if (row.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
  await limits.takeOne(
    ctx.db,
    [{ bucket: 'publish:artwork', key: String(ctx.userId), limit: { max: PER_HOUR, windowS: 3600 } }],
    ART_LIMITED,
  );
  const { width, height } = await readImage(bytes);
  if (Math.min(width, height) < PUBLISH_LIMITS.artMinPx)
    throw unprocessable({ artwork: [TOO_SMALL] }, TOO_SMALL);

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const keys = {
    sm: `art/sets/published/${id}-${hash}-sm.webp`,
    xl: `art/sets/published/${id}-${hash}-xl.webp`,
  };
  for (const size of ['sm', 'xl'] as const) {
    const file = join(tmpdir(), `cratedig-art-${id}-${hash}-${size}.webp`);
    try {
      await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(ART_SIZES[size], ART_SIZES[size], { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toFile(file);
      await media.putFile(keys[size], file, 'image/webp');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // sharp read the header but not the picture: a file cut short or corrupt
      throw new HttpError(415, NOT_AN_IMAGE);
    } finally {
      await rm(file, { force: true });
    }
  }

  let previous: (string | null)[] = [];
  let answer: MySet;
  try {
    answer = await ctx.db.transaction(async (db) => {
      const locked = await lockOwnUpload(db, ctx.userId, id);
      if (!locked) throw notFound('Set');
      if (locked.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
      previous = [locked.art_sm, locked.art_xl];
      const updated = await updateUpload(db, id, { art_sm: keys.sm, art_xl: keys.xl });
      if (!updated) throw notFound('Set');
      if (locked.state === 'published' && locked.set_id !== null)
        await setOwnedSetArt(db, locked.set_id, `/media/${keys.sm}`, `/media/${keys.xl}`);
      return mySetOf(updated);
    });
  } catch (error) {
    // the draft went meanwhile, or was taken down: the new objects are nobody's
    await Promise.all([media.delete(keys.sm), media.delete(keys.xl)]);
    throw error;
  }
  // the same picture again keeps its keys: nothing to delete then
  for (const key of previous) if (key && key !== keys.sm && key !== keys.xl) await media.delete(key);
  return answer;
}
