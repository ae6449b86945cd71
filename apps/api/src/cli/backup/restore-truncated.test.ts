// A backup file cut short (a copy or download that stopped) is refused in words before anything is
// restored: the database and media folders stay as they were.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandError } from '../command';
import { MANIFEST_NAME, writeArchive } from './archive';
import { restoreBackup } from './restore-service';

const work = mkdtempSync(join(tmpdir(), 'cratedig-truncated-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('restoring a backup file that is incomplete', () => {
  it('says the file is incomplete and that nothing was changed, not what tar said', async () => {
    const staging = join(work, 'staging');
    const media = join(work, 'media');
    mkdirSync(staging);
    mkdirSync(join(media, 'audio'), { recursive: true });
    writeFileSync(join(staging, MANIFEST_NAME), JSON.stringify({ format: 'cratedig-backup' }));
    writeFileSync(join(media, 'audio', 'night-drive.mp3'), Buffer.alloc(64 * 1024, 7));
    const whole = join(work, 'whole.backup');
    await writeArchive(whole, staging, media);
    const cut = join(work, 'cut.backup');
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2) + 100));

    const target = { pgliteDir: join(work, 'restored', 'pglite'), mediaDir: join(work, 'restored', 'media') };
    const refusal = await restoreBackup(cut, target).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CommandError);
    const message = (refusal as Error).message;
    expect(message).toContain(`restore: ${cut} is incomplete or damaged (the file ends part way through)`);
    expect(message).toContain('nothing was restored, and the database and media folder are as they were');
    expect(message).not.toContain('tar:');
    expect(existsSync(join(work, 'restored'))).toBe(false);
  });
});
