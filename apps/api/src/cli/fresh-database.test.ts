// `npm run cratedig` with a DATA_DIR that is not the server's: the command refuses to create a new,
// empty embedded database unless told to, and names the database it opened.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/app';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

function cratedig(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      CRATEDIG_ENV: 'test',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: API_DIR,
      env,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a command on a data folder without a database', () => {
  it('refuses and creates nothing, then creates it when asked and names it', async () => {
    const dataDir = join(makeTempDir('cratedig-elsewhere-'), 'data');
    const refused = await cratedig(dataDir, ['feature', 'venues']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`No Cratedig database at ${join(dataDir, 'pglite')}`);
    expect(refused.output).toContain('--create-database');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);

    const created = await cratedig(dataDir, ['--create-database', 'feature', 'venues']);
    expect(created.output).toContain(`database: embedded, ${join(dataDir, 'pglite')}`);
    expect(created.code).toBe(0);
    const again = await cratedig(dataDir, ['feature', 'venues']);
    expect(again.code).toBe(0);
  }, 120_000);
});
