// `cratedig backup <file>` and `cratedig restore <file>`: docs/operations.md.
import { existsSync } from 'node:fs';
import { openMediaStore } from '../../lib/open-media-store';
import { optionValue } from '../args';
import { createBackup, type MediaMode } from '../backup/backup-service';
import { restoreBackup } from '../backup/restore-service';
import { type Command, CommandError, resolveArgPath } from '../command';
import { claimControlSocket, controlSocketPath, DatabaseInUse } from '../control-socket';

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The one file argument (options removed). */
function fileArgument(args: string[], usage: string): string {
  const rest = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.match(/^--media$/));
  if (rest.length !== 1) throw new CommandError(usage, 2);
  return rest[0] as string;
}

const backupUsage = [
  'usage: npm run cratedig -- backup [--media folder|manifest] <file>',
  '',
  'Writes the whole database (accounts, sessions, likes, comments, queues, plays, notifications,',
  'proposals and the catalogue) and the media folder to <file>, one tar file, while the server runs.',
  'On the embedded database the running server takes the copy; on PostgreSQL, pg_dump does.',
  'With --media manifest only the list of media files is kept (media backed up elsewhere); that is',
  'the default when the media are in a bucket (MEDIA_STORE=s3), which keeps the objects itself.',
  'Refuses to overwrite an existing file.',
].join('\n');

export const backupCommand: Command = {
  name: 'backup',
  summary: 'write the database and the media folder to one file, while the server runs',
  usage: backupUsage,
  async run(ctx, args) {
    const inBucket = ctx.config.mediaStore.kind !== 'folder';
    const mode = optionValue(args, 'media') ?? (inBucket ? 'manifest' : 'folder');
    if (mode !== 'folder' && mode !== 'manifest') {
      throw new CommandError('backup: --media takes folder or manifest.', 2);
    }
    const file = fileArgument(args, backupUsage);
    const target = resolveArgPath(ctx, file);
    if (existsSync(target)) throw new CommandError(`backup: ${file} exists already; name a new file.`);
    const bucket = inBucket ? await openMediaStore(ctx.config) : undefined;
    let result: Awaited<ReturnType<typeof createBackup>>;
    try {
      result = await createBackup(ctx.database, {
        target,
        // pg_dump holds one transaction: the direct URL when instances go through a pooler.
        databaseUrl: ctx.config.databaseListenUrl ?? ctx.config.databaseUrl,
        mediaDir: ctx.config.mediaDir,
        media: mode as MediaMode,
        bucket,
      });
    } finally {
      await bucket?.close();
    }
    const rows = result.manifest.rows;
    const media = result.manifest.media;
    ctx.out.info(
      `backed up ${rows['public.users'] ?? 0} accounts, ${rows['public.sets'] ?? 0} sets, ` +
        `${rows['public.tracks'] ?? 0} tracks and ${media.files} media files ` +
        `(${media.mode === 'folder' ? megabytes(media.bytes) : 'listed only'}) to ${file}: ` +
        `${megabytes(result.bytes)} in ${seconds(result.ms)}`,
    );
    return 0;
  },
};

const restoreUsage = [
  'usage: npm run cratedig -- restore <file>',
  '',
  'Restores a backup into an empty database and media folder: with DATABASE_URL, an empty database',
  'on the server (createdb first); otherwise an empty DATA_DIR (the server stopped). Checks that every',
  "table has the backup's rows, then start the server as usual. With the media in a bucket",
  "(MEDIA_STORE=s3), a backup's media folder is copied into the bucket and every object checked.",
].join('\n');

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'restore a backup into an empty database and media folder',
  usage: restoreUsage,
  async run() {
    throw new CommandError('restore runs without a server: stop it first (restore fills an empty database).');
  },
  async runOffline(ctx, args) {
    const file = fileArgument(args, restoreUsage);
    // The embedded database's folder is held through the restore, so a server started meanwhile
    // refuses instead of opening a half-written folder.
    let socket: Awaited<ReturnType<typeof claimControlSocket>> | undefined;
    if (!ctx.config.databaseUrl) {
      try {
        socket = await claimControlSocket(
          controlSocketPath(ctx.config),
          'A restore is filling the embedded database; start the server when it has finished.',
        );
      } catch (error) {
        if (error instanceof DatabaseInUse) {
          throw new CommandError('restore: a Cratedig server holds this data folder; stop it first.');
        }
        throw error;
      }
    }
    let result: Awaited<ReturnType<typeof restoreBackup>>;
    const bucket = ctx.config.mediaStore.kind !== 'folder' ? await openMediaStore(ctx.config) : undefined;
    try {
      result = await restoreBackup(resolveArgPath(ctx, file), {
        databaseUrl: ctx.config.databaseUrl,
        pgliteDir: ctx.config.pgliteDir,
        mediaDir: ctx.config.mediaDir,
        bucket,
      });
    } finally {
      await socket?.close();
      await bucket?.close();
    }
    const rows = result.manifest.rows;
    ctx.out.info(
      `restored ${rows['public.users'] ?? 0} accounts, ${rows['public.sets'] ?? 0} sets, ` +
        `${rows['public.tracks'] ?? 0} tracks and ${result.manifest.media.files} media files ` +
        `from the backup of ${result.manifest.createdAt} in ${seconds(result.ms)}`,
    );
    if (result.missingMedia.length > 0) {
      ctx.out.error(
        `${result.missingMedia.length} media files listed in the backup are not in ${bucket?.location ?? ctx.config.mediaDir}, ` +
          `e.g. ${result.missingMedia.slice(0, 3).join(', ')}: restore them from where media is kept.`,
      );
    }
    return 0;
  },
};
