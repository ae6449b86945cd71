// PostgreSQL's own dump and restore programs, run as child processes. pg_dump must be at least as new
// as the server it reads, so the newest installed major version is preferred (Debian keeps each
// version's programs in /usr/lib/postgresql/<major>/bin, off PATH).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CommandError } from '../command';

const DEBIAN_DIR = '/usr/lib/postgresql';

/** The path of `program` (pg_dump, pg_restore): the newest Debian version's, else the one on PATH. */
export function findPgProgram(program: 'pg_dump' | 'pg_restore'): string {
  if (existsSync(DEBIAN_DIR)) {
    const majors = readdirSync(DEBIAN_DIR)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const path = join(DEBIAN_DIR, major, 'bin', program);
      if (existsSync(path)) return path;
    }
  }
  return program;
}

/**
 * The connection as libpq programs take it: the URL without its password (which would otherwise show
 * in the process list) and the password in PGPASSWORD.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/** Runs a PostgreSQL program to its end; a failure becomes a CommandError with its last output. */
export function runPgProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new CommandError(
          error.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), at least as new as the server.`
            : `${program} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new CommandError(`${program} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
