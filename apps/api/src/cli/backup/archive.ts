// A backup is one plain tar file (GNU tar): the manifest, the database dump, and the media folder under
// media/. Not compressed as a whole: the dumps are compressed already and audio does not shrink.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CommandError } from '../command';

export const MANIFEST_NAME = 'cratedig-backup.json';

/** Runs tar; its standard output when it succeeds, a CommandError with what it said when it fails. */
function tar(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => reject(new CommandError(`tar could not start: ${error.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new TarFailed(`tar failed (exit ${code}): ${stderr.trim()}`, stderr.trim())),
    );
  });
}

class TarFailed extends CommandError {
  constructor(
    message: string,
    readonly said: string,
  ) {
    super(message);
  }
}

/**
 * Reads the whole archive through before anything is restored: a backup cut short (a copy or download
 * that stopped) or damaged is refused while the database and media folder are untouched, and said so
 * in words, not in tar's. Returns the paths the archive holds.
 */
export async function checkArchive(archive: string): Promise<string[]> {
  const refuse = (why: string) =>
    new CommandError(
      `restore: ${archive} is incomplete or damaged (${why}); nothing was restored, and the database ` +
        'and media folder are as they were. Restore from a complete copy of the backup file.',
    );
  try {
    return (await tar(['-tf', archive])).split('\n').filter((line) => line !== '');
  } catch (error) {
    if (!(error instanceof TarFailed)) throw error;
    const said = error.said;
    if (/unexpected eof|truncated|short read/i.test(said)) throw refuse('the file ends part way through');
    if (/does not look like a tar archive|skipping to next header|checksum/i.test(said))
      throw refuse('it is not a backup file that can be read');
    throw refuse(said.split('\n')[0]?.replace(/^tar: /, '') || 'tar could not read it');
  }
}

/** Writes `target` from the files of `staging` and, when given, the media folder as media/. */
export async function writeArchive(target: string, staging: string, mediaDir?: string): Promise<void> {
  const args = ['-cf', target, '-C', staging, ...readdirSync(staging).sort()];
  if (mediaDir) args.push('-C', mediaDir, '--transform', 's,^\\.,media,', '.');
  await tar(args);
}

/** Extracts everything but the media folder into `staging`. */
export async function extractDatabasePart(archive: string, staging: string): Promise<void> {
  await tar(['-xf', archive, '-C', staging, '--exclude', 'media', '--exclude', 'media/*']);
  if (!existsSync(join(staging, MANIFEST_NAME))) {
    throw new CommandError(`${archive} is not a Cratedig backup (it has no ${MANIFEST_NAME}).`);
  }
}

/** Extracts the media folder of the archive into `mediaDir`. */
export async function extractMedia(archive: string, mediaDir: string): Promise<void> {
  await tar(['-xf', archive, '-C', mediaDir, '--strip-components=1', '--wildcards', 'media/*']);
}

export interface MediaFile {
  path: string;
  bytes: number;
}

/** Every file under `dir` with its size, paths relative to it ('/' separated), sorted. */
export function listMedia(dir: string): MediaFile[] {
  if (!existsSync(dir)) return [];
  const files: MediaFile[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push({ path: relative(dir, path), bytes: statSync(path).size });
    }
  };
  walk(dir);
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}
