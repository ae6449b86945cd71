// A set's artwork as the owner's browser sends it: the raw picture, read by its content whatever its
// declared type, cropped square to the two sizes a set's art is shown in, stored as the draft's and,
// once published, the set's at once; the previous pictures deleted. What is no picture, too small or
// too large is refused in the error shape.
import { PUBLISH_LIMITS } from '@cratedig/contract/publish-api';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { detailsOf, ownerCalls, readyDraft } from '../../test/publish';
import { ART_LIMITED, ART_SIZES, NOT_AN_IMAGE, TOO_BIG, TOO_MANY_PIXELS, TOO_SMALL } from './artwork';

let app: FastifyInstance;
let dj: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
  dj = await createUserWithToken(app);
  other = await createUserWithToken(app);
});

async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  return await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: width % 255 } },
  })
    .toFormat(format)
    .toBuffer();
}

const put = (user: SignedInUser, id: string, body: Buffer | string, type = 'image/png') =>
  app.inject({
    method: 'PUT',
    url: `/api/publish/sets/${id}/artwork`,
    headers: { ...user.headers, 'content-type': type },
    payload: body,
  });

async function sizeOf(key: string): Promise<{ width?: number; height?: number; format?: string }> {
  return await app.media.withLocalFile(key, async (path) => {
    const meta = await sharp(path).metadata();
    return { width: meta.width, height: meta.height, format: meta.format };
  });
}

describe("a draft's artwork", () => {
  it('stores both sizes as square WebP crops and answers the draft with them', async () => {
    const id = await readyDraft(app, dj);
    const res = await put(dj, id, await picture(800, 500));
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json();
    expect(set.art_url_sm).toMatch(new RegExp(`^/media/art/sets/published/${id}-[0-9a-f]{16}-sm\\.webp$`));
    expect(set.art_url_xl).toBe(set.art_url_sm.replace('-sm.webp', '-xl.webp'));
    expect(await sizeOf(set.art_url_sm.slice(7))).toEqual({
      width: ART_SIZES.sm,
      height: ART_SIZES.sm,
      format: 'webp',
    });
    expect(await sizeOf(set.art_url_xl.slice(7))).toEqual({
      width: ART_SIZES.xl,
      height: ART_SIZES.xl,
      format: 'webp',
    });
  });

  it('reads the picture by its content, not its declared type', async () => {
    const id = await readyDraft(app, dj);
    expect((await put(dj, id, await picture(400, 400, 'webp'), 'image/jpeg')).statusCode).toBe(200);
    // a browser that knows no type for the file sends none, or bytes
    expect((await put(dj, id, await picture(400, 400), 'application/octet-stream')).statusCode).toBe(200);
  });

  it('refuses what is no picture (415), too small (422) or too large (413), in the error shape', async () => {
    const id = await readyDraft(app, dj);
    const text = await put(dj, id, 'not a picture at all, only words', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 415, message: NOT_AN_IMAGE });
    const svg = await put(
      dj,
      id,
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>',
      'image/png',
    );
    expect(svg.statusCode).toBe(415);
    const small = await put(dj, id, await picture(PUBLISH_LIMITS.artMinPx - 1, 900));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({
      code: 422,
      message: TOO_SMALL,
      errors: { json: { artwork: [TOO_SMALL] } },
    });
    const typed = await put(dj, id, 'plain words', 'text/plain');
    expect(typed.statusCode).toBe(415);
    expect(typed.json()).toMatchObject({ code: 415, message: NOT_AN_IMAGE });
    const json = await put(dj, id, '{"picture": true}', 'application/json');
    expect(json.json()).toMatchObject({ code: 415, message: NOT_AN_IMAGE });
    const huge = await put(dj, id, Buffer.alloc(PUBLISH_LIMITS.artMaxBytes + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, message: TOO_BIG });
    expect((await ownerCalls(app, dj).detail(id)).body).toMatchObject({ art_url_sm: null, art_url_xl: null });
  });

  it("answers 404 for another user's draft, 401 without a token, and 422 for a malformed id", async () => {
    const id = await readyDraft(app, dj);
    expect((await put(other, id, await picture(400, 400))).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/publish/sets/${id}/artwork`,
      headers: { 'content-type': 'image/png' },
      payload: await picture(400, 400),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await put(dj, 'nope', await picture(400, 400))).statusCode).toBe(422);
  });
});

describe("a published set's artwork", () => {
  it("changes the set's art at once and deletes the previous pictures", async () => {
    const id = await readyDraft(app, dj, { details: detailsOf() });
    const first = (await put(dj, id, await picture(600, 600))).json();
    const setId = await ownerCalls(app, dj).published(id);
    const page = async () => (await app.inject({ url: `/api/sets/${setId}`, headers: other.headers })).json();
    expect((await page()).art_url_xl).toBe(first.art_url_xl);
    const second = (await put(dj, id, await picture(700, 900, 'jpeg'), 'image/jpeg')).json();
    expect(second.art_url_xl).not.toBe(first.art_url_xl);
    expect((await page()).art_url_xl).toBe(second.art_url_xl);
    expect(await app.media.head(first.art_url_sm.slice(7))).toBeUndefined();
    expect(await app.media.head(first.art_url_xl.slice(7))).toBeUndefined();
    expect(await app.media.head(second.art_url_xl.slice(7))).toBeDefined();
  });
});

/** A PNG of the given size by its header alone: what a decompression bomb declares before a byte of it is unpacked. */
function declaredPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pictures that cost too much', () => {
  it('refuses a small file that declares more pixels than a photo has, before unpacking it', async () => {
    const id = await readyDraft(app, dj);
    const res = await put(dj, id, declaredPng(7000, 7000));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: TOO_MANY_PIXELS });
    const draft = await app.inject({ url: `/api/publish/sets/${id}`, headers: dj.headers });
    expect(draft.json().art_url_xl).toBeNull();
  });

  it('counts the pictures a user sends in an hour', async () => {
    const id = await readyDraft(app, dj);
    const small = await picture(320, 320, 'jpeg');
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await put(dj, id, small, 'image/jpeg')).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(answers[30]).toBe(429);
    const last = await put(dj, id, small, 'image/jpeg');
    expect(last.json()).toMatchObject({ message: ART_LIMITED });
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    // another user's pictures are theirs to count
    const theirs = await readyDraft(app, other);
    expect((await put(other, theirs, small, 'image/jpeg')).statusCode).toBe(200);
  });
});
