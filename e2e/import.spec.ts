import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { importWithCommand, sourceDir } from './support/import-command';
import { signedInPage } from './support/session';

// A set an operator imports with `cratedig import` (a CUE sheet beside its MP3) while the app runs:
// a listener finds it with search, plays it, and its track list follows a seek.

const SET_NAME = 'Kelp Harbour Tide Session';
const CUE = `REM GENRE "Deep House"
REM DATE 2025-08-16
PERFORMER "Orla Quill b2b Tamsin Reyes"
TITLE "${SET_NAME}"
FILE "tide.mp3" MP3
  TRACK 01 AUDIO
    TITLE "Saltglass"
    PERFORMER "Orla Quill"
    INDEX 01 00:00:00
  TRACK 02 AUDIO
    TITLE "Lantern Shoal (Extended Mix)"
    PERFORMER "Tamsin Reyes feat. Juno Harrow"
    INDEX 01 01:00:00
  TRACK 03 AUDIO
    TITLE "Undertow Hymn"
    PERFORMER "Orla Quill & Tamsin Reyes"
    INDEX 01 02:00:00
`;

/** Writes the CUE sheet and its MP3 (a copy of one demo recording) into a folder of their own. */
function writeSource(): string {
  const dir = sourceDir('import-');
  const mediaDir = process.env.E2E_MEDIA_DIR;
  if (!mediaDir) throw new Error('E2E_MEDIA_DIR is not set (playwright.config.ts sets it)');
  const audioDir = join(mediaDir, 'audio', 'sets');
  const recording = readdirSync(audioDir).find((name) => /^\d+-.*\.mp3$/.test(name));
  if (!recording) throw new Error(`no demo recording in ${audioDir}`);
  copyFileSync(join(audioDir, recording), join(dir, 'tide.mp3'));
  writeFileSync(join(dir, 'tide.cue'), CUE);
  return join(dir, 'tide.cue');
}

const audioTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player]')?.currentTime ?? 0);
const playingRow = (page: Page) => page.locator('[aria-label="Track list"] [aria-current="true"]');

test('an imported set is found by search, plays, and its track list follows a seek', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const printed = await importWithCommand(writeSource());
  expect(printed).toMatch(/created: 1 sets \(3 set tracks\)/);

  await signedInPage(page, request, 'importer');
  await page.goto('/search');
  await page.getByPlaceholder('Search for tracks, labels, artists, and sets').fill('kelp harbour');
  const sets = page.getByRole('region', { name: 'Sets' });
  await sets
    .getByRole('link', { name: new RegExp(SET_NAME) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sets\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SET_NAME);

  await page.getByRole('button', { name: `Play ${SET_NAME}` }).click();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect(playingRow(page)).toContainText('Saltglass');

  // A seek into the third track's time (from 2:00) lights its row.
  await page.evaluate(() => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
    if (element) element.currentTime = 125;
  });
  await expect(playingRow(page)).toContainText('Undertow Hymn');
  await expect(
    page.getByRole('region', { name: 'Player' }).getByRole('link', { name: /^Current track:/ }),
  ).toContainText('Undertow Hymn');
});
