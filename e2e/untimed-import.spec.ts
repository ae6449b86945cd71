import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { importWithCommand, sourceDir } from './support/import-command';
import { signedInPage } from './support/session';

// A tracklist pasted without times and without a genre, imported while the app runs: its set page
// shows no genre chip and the list by places (1., 2., …), and while it plays no row is lit; its
// track's page says its place in the set, never a moment.
const SET_NAME = 'Quarry Lights Untimed Session With A Long Name That Wraps';
const LIST = `Title: ${SET_NAME}
Artist: Wren Okafor
Date: 2025-09-06

1. Halden Rue - Lowland Static (Extended Mix)
02) Mirela Voss feat. Ketu - A Very Long Title That Keeps Going Past The Column Edge
- Pell & Arden - Kilnwork
`;

function writeSource(): string {
  const dir = sourceDir('untimed-');
  const mediaDir = process.env.E2E_MEDIA_DIR;
  if (!mediaDir) throw new Error('E2E_MEDIA_DIR is not set (playwright.config.ts sets it)');
  const audioDir = join(mediaDir, 'audio', 'sets');
  const recording = readdirSync(audioDir).find((name) => /^\d+-.*\.mp3$/.test(name));
  if (!recording) throw new Error(`no demo recording in ${audioDir}`);
  copyFileSync(join(audioDir, recording), join(dir, 'quarry.mp3'));
  writeFileSync(join(dir, 'quarry.txt'), LIST);
  return join(dir, 'quarry.txt');
}

const shot = (page: Page, name: string) =>
  process.env.E2E_SCREENSHOTS ? page.screenshot({ path: `/tmp/readers-${name}.png`, fullPage: true }) : null;

test('an untimed set without a genre shows its list by places and lights no row while it plays', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  expect(await importWithCommand(writeSource())).toMatch(/created: 1 sets \(3 set tracks\)/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInPage(page, request, 'untimed');
  await page.goto('/sets?order_by=set_meta.set_name&order_direction=desc&search=quarry');
  await page
    .getByRole('link', { name: new RegExp(SET_NAME) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SET_NAME);
  const list = page.getByLabel('Track list');
  await expect(list.getByText('Lowland Static')).toBeVisible();
  await expect(list.getByText('1.', { exact: true })).toBeVisible();
  await expect(list.getByText('0:00')).toHaveCount(0);
  await expect(page.getByText('null')).toHaveCount(0);

  await shot(page, 'set-desktop-idle');
  await page
    .getByRole('button', { name: new RegExp(`^Play ${SET_NAME}`) })
    .first()
    .click();
  await expect
    .poll(
      () =>
        page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player]')?.currentTime ?? 0),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0.5);
  await expect(list.locator('[aria-current="true"]')).toHaveCount(0);
  await shot(page, 'set-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByText('Lowland Static')).toBeVisible();
  await shot(page, 'set-phone');

  // Its track's page: the only set playing it has no times, so nothing offers the track's moment.
  await list.getByRole('link', { name: 'Lowland Static' }).click();
  await expect(
    page.getByRole('button', { name: 'Play the set with Lowland Static from its start' }),
  ).toBeVisible();
  await expect(page.getByText('Track 1 of the list')).toBeVisible();
  await expect(page.getByRole('button', { name: /where the track plays/ })).toHaveCount(0);
  await shot(page, 'track-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByText('Track 1 of the list')).toBeVisible();
  await shot(page, 'track-desktop');
});
