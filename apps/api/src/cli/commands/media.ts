// `cratedig media push|check [folder]`: copies a media folder (MEDIA_DIR by default) into the store
// the settings name, or checks it is all there, object by object (lib/media-copy.ts). Run it once
// when a catalogue moves into a bucket; run again, it sends only what is missing or different.
import { statSync } from 'node:fs';
import { checkFolderInStore, copyFolderToStore } from '../../lib/media-copy';
import { openMediaStore } from '../../lib/open-media-store';
import { type Command, CommandError, resolveArgPath } from '../command';

const usage = `usage: npm run cratedig -- media push [folder]
       npm run cratedig -- media check [folder]

push copies every file of the folder (MEDIA_DIR when none is given) into the media store the settings
name (MEDIA_STORE=s3 and S3_BUCKET; docs/media-storage.md), skipping objects already stored with the
same bytes, then checks each object's size and entity tag against its file. check only compares.
Exits 1 when any object is missing or differs, naming each.`;

export const mediaCommand: Command = {
  name: 'media',
  summary: 'copy a media folder into the media store, or check it is all there',
  usage,
  async run(ctx, args) {
    const [action, folderArg, ...rest] = args;
    if ((action !== 'push' && action !== 'check') || rest.length > 0) throw new CommandError(usage, 2);
    const folder = folderArg ? resolveArgPath(ctx, folderArg) : ctx.config.mediaDir;
    try {
      if (!statSync(folder).isDirectory()) throw new Error();
    } catch {
      throw new CommandError(`media: ${folder} is not a folder`);
    }
    const store = await openMediaStore(ctx.config);
    try {
      if (store.kind === 'folder' && store.location === folder) {
        throw new CommandError(
          `media: the media store is this folder (${folder}); set MEDIA_STORE=s3 and S3_BUCKET`,
        );
      }
      const progress = (done: number, total: number) => ctx.out.progress(done, total, action);
      const report =
        action === 'push'
          ? await copyFolderToStore(folder, store, progress)
          : await checkFolderInStore(folder, store, progress);
      const mb = (report.bytes / 1024 / 1024).toFixed(1);
      ctx.out.info(
        action === 'push'
          ? `media: ${report.files} files in ${folder}: ${report.copied} copied (${mb} MB) to ${store.location}, ${report.unchanged} already there`
          : `media: ${report.files} files in ${folder}: ${report.unchanged} stored alike in ${store.location}`,
      );
      for (const m of report.mismatched) ctx.out.error(`  ${m.key}: ${m.why}`);
      if (report.mismatched.length > 0) {
        throw new CommandError(`media: ${report.mismatched.length} objects missing or different`);
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
