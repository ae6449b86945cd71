// `npm run cratedig` with a DATA_DIR that is not the server's: the command refuses to create a new,
// empty embedded database unless told to, and names the database it opened.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/app';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

function cratedig(
  dataDir: string,
  args: string[],
  databaseUrl = '',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
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
    // three processes that each start tsx and open PGlite (the second creates and migrates it)
  }, 300_000);
});

describe('a command on a PostgreSQL server it cannot reach', () => {
  it('says so in one line, without the password or a stack trace, and exits 1', async () => {
    // nothing listens on port 1 of the loopback: the connection is refused at once
    const result = await cratedig(
      makeTempDir('cratedig-unreachable-'),
      ['feature', 'venues'],
      'postgres://ops:s3cret-pw@127.0.0.1:1/cratedig',
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('Cannot reach the database at postgres://ops:***@127.0.0.1:1/cratedig:');
    expect(result.output).not.toContain('s3cret-pw');
    expect(result.output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
