// Renders the app icons of the web app manifest from the logo (apps/web/public/favicon.svg) into
// apps/web/public/icons/. Run once when the logo changes; the PNGs are committed (a few KB each), so
// neither the build nor `npm install` needs an image library.
//   node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// sharp is a dependency of the API (artwork generation), not of the web app.
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const sharp = require('sharp');

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');
/** The ink background of the design tokens (lib/design-tokens.ts). */
const INK = '#09090c';

// "any": the rounded logo as drawn. "maskable": the mark inside the central 80 % safe zone on a
// full-bleed ink square, so a launcher's circle or squircle mask never cuts into it.
const maskable = logo
  .replace(
    '<rect width="32" height="32" rx="7" fill="#09090c"/>',
    `<rect width="32" height="32" fill="${INK}"/>`,
  )
  .replace('<g transform="translate(1.6 2) scale(0.9)">', '<g transform="translate(4.8 5.1) scale(0.7)">');

mkdirSync(`${publicDir}icons`, { recursive: true });
const jobs = [
  { svg: logo, size: 192, file: 'icon-192.png' },
  { svg: logo, size: 512, file: 'icon-512.png' },
  { svg: maskable, size: 512, file: 'icon-maskable-512.png' },
  { svg: logo, size: 180, file: 'apple-touch-icon.png', background: INK },
];
for (const job of jobs) {
  let image = sharp(Buffer.from(job.svg), { density: (72 * job.size) / 32 }).resize(job.size, job.size);
  if (job.background) image = image.flatten({ background: job.background });
  await image.png({ compressionLevel: 9, palette: true }).toFile(`${publicDir}icons/${job.file}`);
  console.log(`icons/${job.file}`);
}
