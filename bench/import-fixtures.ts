// Figures for docs/import.md: each fixture of apps/api/src/modules/import/fixtures/ (with any export
// beside it) dry-run into an empty in-memory catalogue — whether it is accepted, and how many artists
// and labels it would create. Prints figures; never part of `npm test`.
//   node --import tsx bench/import-fixtures.ts
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { importCommand } from '../apps/api/src/cli/commands/import';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { readTextFile } from '../apps/api/src/modules/import/text-file';
import { runCommand } from '../apps/api/src/test/commands';
import { writeMp3 } from '../apps/api/src/test/import-fixtures';

const fixtures = join(import.meta.dirname, '../apps/api/src/modules/import/fixtures');
const dir = mkdtempSync(join(tmpdir(), 'cratedig-bench-fixtures-'));
const config = loadConfig({ DATA_DIR: dir, CRATEDIG_ENV: 'test', SEED_DEMO: 'false' });
const database = await openDatabase({});
await migrate(database);

for (const name of readdirSync(fixtures).sort()) {
  const ext = extname(name).toLowerCase();
  if (ext !== '.cue' && ext !== '.txt') continue;
  const base = basename(name, extname(name));
  copyFileSync(join(fixtures, name), join(dir, name));
  for (const beside of ['.nml', '.xml'])
    if (existsSync(join(fixtures, base + beside)))
      copyFileSync(join(fixtures, base + beside), join(dir, base + beside));
  // the recording: the MP3 beside the source, and under the name of the first FILE it writes
  const text = await readTextFile(join(dir, name));
  const named = /^\s*FILE\s+"?([^"\r\n]+?)"?\s+(?:MP3|WAVE)\s*$/im.exec(text)?.[1]?.split(/[\\/]/).pop();
  for (const audio of [`${base}.mp3`, ...(named ? [named.replace(/\.wav$/i, '.mp3')] : [])])
    writeMp3(join(dir, audio), name === 'rekordbox-playlist.txt' ? 1200 : 900);
  const t0 = performance.now();
  const result = await runCommand(
    importCommand,
    database,
    config,
    ['--dry-run', '--date', '2024-01-01', name],
    dir,
  );
  const ms = performance.now() - t0;
  const artists = result.out.find((l) => l.startsWith('new artists')) ?? 'new artists (0)';
  const labels = result.out.find((l) => l.startsWith('new labels')) ?? 'new labels (0)';
  console.log(
    `${name.padEnd(34)} ${result.code === 0 ? 'accepted' : `REFUSED: ${result.err[0]}`}  ${artists.match(/\(\d+\)/)?.[0]} artists, ${labels.match(/\(\d+\)/)?.[0]} labels  ${ms.toFixed(0)} ms`,
  );
}
await database.close();
