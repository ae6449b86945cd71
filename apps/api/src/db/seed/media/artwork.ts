import { access, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ART_SIZE, type ArtworkKind, artworkSvg, defaultArtworkSvg } from './artwork-svg';

// Artwork of the demo catalogue in the two sizes the wire carries (art_url_sm, art_url_xl). The SVG is
// rasterised once at the large size and scaled down for the small one. JPEG quality 75 with optimised
// Huffman coding: mozjpeg's trellis search made files ~15% smaller but took 4x the time (26 vs 6.6 ms
// per item, measured), which the seed's 60 s budget cannot spare; ~500 items still fit ~14 MB.

export type { ArtworkKind } from './artwork-svg';

export interface RenderArtworkOptions {
  kind: ArtworkKind;
  seed: string;
  outDir: string;
  baseName: string;
}

const SM_SIZE = 200;
const JPEG = { quality: 75, optimiseCoding: true } as const;

/** Writes art/{kind}s/{baseName}-sm.jpg and -xl.jpg under outDir; returns paths relative to outDir. */
export async function renderArtwork(opts: RenderArtworkOptions): Promise<{ sm: string; xl: string }> {
  const paths = {
    sm: `art/${opts.kind}s/${opts.baseName}-sm.jpg`,
    xl: `art/${opts.kind}s/${opts.baseName}-xl.jpg`,
  };
  await writePair(opts.outDir, paths, () => artworkSvg(opts.kind, opts.seed));
  return paths;
}

/** Writes the fallback artwork, art/default-sm.jpg and art/default-xl.jpg. */
export async function renderDefaultArtwork(outDir: string): Promise<{ sm: string; xl: string }> {
  const paths = { sm: 'art/default-sm.jpg', xl: 'art/default-xl.jpg' };
  await writePair(outDir, paths, defaultArtworkSvg);
  return paths;
}

async function writePair(
  outDir: string,
  paths: { sm: string; xl: string },
  svg: () => string,
): Promise<void> {
  const sm = join(outDir, paths.sm);
  const xl = join(outDir, paths.xl);
  if ((await exists(sm)) && (await exists(xl))) return;
  await mkdir(join(xl, '..'), { recursive: true });
  const { data, info } = await sharp(Buffer.from(svg()))
    .resize(ART_SIZE, ART_SIZE)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // Write under a temporary name, then rename: an interrupted seed leaves no half-written image that
  // a later run would skip.
  await Promise.all([
    sharp(data, raw).jpeg(JPEG).toFile(`${xl}.partial`),
    sharp(data, raw).resize(SM_SIZE, SM_SIZE).jpeg(JPEG).toFile(`${sm}.partial`),
  ]);
  await Promise.all([rename(`${xl}.partial`, xl), rename(`${sm}.partial`, sm)]);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
