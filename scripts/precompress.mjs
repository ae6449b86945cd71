// Writes a brotli (.br) and a gzip (.gz) twin next to every file of the built web app worth
// compressing, once per build, at the strongest settings (the server then sends them as they are, see
// apps/api/src/plugins/web-app.ts). A twin is kept only when it is smaller than the file.
//   node scripts/precompress.mjs [dir]   (default apps/web/dist)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, fonts and audio are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);
/** As the server's on-the-fly threshold: smaller files are not worth an encoded twin. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gz += Math.min(gz.length, raw.length);
  }
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory`);
    process.exit(1);
  }
  const t = precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${t.files} files in ${relative(process.cwd(), dir) || dir}: ${kb(t.raw)} -> br ${kb(t.br)}, gzip ${kb(t.gz)}`,
  );
}
