// `npm run seed [-- --no-media]`: migrates the configured database and loads the demo catalogue into
// it, rendering artwork and audio into the media folder (DATABASE_URL or DATA_DIR, see config.ts).
// `npm run seed -- --scale large` runs the benchmark catalogue generator instead (a PostgreSQL server).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { seedDemo } from './demo';

const args = process.argv.slice(2);
if (args[0] === '--scale' && args[1] === 'large' && args.length === 2) {
  const generator = fileURLToPath(
    new URL('../../../../../bench/generate-large-catalogue.ts', import.meta.url),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', generator], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const unknown = args.filter((arg) => arg !== '--no-media');
if (unknown.length > 0) {
  // The large benchmark catalogue has its own generator in bench/ (`--scale large` runs it).
  console.error(
    `unknown argument(s): ${unknown.join(' ')}\nusage: npm run seed [-- --no-media | --scale large]`,
  );
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
try {
  await migrate(database);
  const report = await seedDemo(database, {
    mediaDir: config.mediaDir,
    media: !args.includes('--no-media'),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
} finally {
  await database.close();
}
