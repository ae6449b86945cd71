import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArtwork, renderDefaultArtwork } from './artwork';
import type { ArtworkKind } from './artwork-svg';

const KINDS: ArtworkKind[] = ['set', 'track', 'artist', 'label', 'festival', 'venue'];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cratedig-art-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderArtwork', () => {
  it.each(KINDS)('writes a 200 px and a 600 px JPEG for a %s', async (kind) => {
    const paths = await renderArtwork({ kind, seed: `${kind}-1`, outDir: dir, baseName: `${kind}-one` });
    expect(paths).toEqual({ sm: `art/${kind}s/${kind}-one-sm.jpg`, xl: `art/${kind}s/${kind}-one-xl.jpg` });
    const sm = await sharp(join(dir, paths.sm)).metadata();
    const xl = await sharp(join(dir, paths.xl)).metadata();
    expect([sm.format, sm.width, sm.height]).toEqual(['jpeg', 200, 200]);
    expect([xl.format, xl.width, xl.height]).toEqual(['jpeg', 600, 600]);
    expect((await stat(join(dir, paths.xl))).size).toBeLessThan(80_000);
  });

  it('draws the same picture for the same seed and different ones for different seeds', async () => {
    const render = (seed: string, baseName: string) =>
      renderArtwork({ kind: 'set', seed, outDir: dir, baseName });
    const a = await render('same', 'same-a');
    const b = await render('same', 'same-b');
    const c = await render('other', 'other');
    const bytes = (p: string) => readFile(join(dir, p));
    expect(Buffer.compare(await bytes(a.xl), await bytes(b.xl))).toBe(0);
    expect(Buffer.compare(await bytes(a.sm), await bytes(b.sm))).toBe(0);
    expect(Buffer.compare(await bytes(a.xl), await bytes(c.xl))).not.toBe(0);

    // Distinct to the eye, not just in bytes: the small images differ clearly pixel by pixel.
    const pixels = (p: string) => sharp(join(dir, p)).raw().toBuffer();
    const [pa, pc] = await Promise.all([pixels(a.sm), pixels(c.sm)]);
    let diff = 0;
    for (let i = 0; i < pa.length; i++) diff += Math.abs((pa[i] ?? 0) - (pc[i] ?? 0));
    expect(diff / pa.length).toBeGreaterThan(10);
  });

  it('leaves existing files alone', async () => {
    const opts = { kind: 'label' as const, seed: 'kept', outDir: dir, baseName: 'kept' };
    const paths = await renderArtwork(opts);
    const before = (await stat(join(dir, paths.xl))).mtimeMs;
    await renderArtwork({ ...opts, seed: 'another seed' });
    expect((await stat(join(dir, paths.xl))).mtimeMs).toBe(before);
  });
});

describe('renderDefaultArtwork', () => {
  it('writes the fallback artwork in both sizes', async () => {
    const paths = await renderDefaultArtwork(dir);
    expect(paths).toEqual({ sm: 'art/default-sm.jpg', xl: 'art/default-xl.jpg' });
    expect((await sharp(join(dir, paths.sm)).metadata()).width).toBe(200);
    expect((await sharp(join(dir, paths.xl)).metadata()).width).toBe(600);
  });
});
