import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { FingerprintStatus } from '@cratedig/contract/fingerprints-api';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, bearer, listener, type Tokens } from './support/releases';

// A DJ publishes a recording from the browser (docs/publishing.md): signed in, they open /publish,
// choose an MP3 (the first minutes of a demo set's audio, so it holds known music), fill in its
// details with a CUE sheet naming the first track of those minutes and leaving the next an ID, wait
// while Cratedig checks it and makes its stream, publish it, land on the set's page, see the ID
// recognised and add it to the tracklist, play it, rename it there, and delete it from My sets.

const SECONDS = 420;

const clockCue = (s: number) =>
  `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}:00`;

/** The first minutes of a demo set's audio as an MP3 of their own, and a CUE sheet of the tracks in them. */
async function recordingOf(request: Parameters<typeof listener>[0], me: Tokens) {
  const mediaDir = process.env.E2E_MEDIA_DIR ?? join(process.cwd(), 'data', 'e2e-media');
  const folder = join(mediaDir, 'audio', 'sets');
  const file = readdirSync(folder)
    .filter((name) => /^\d+-.*\.mp3$/.test(name))
    .sort()[0];
  if (!file) throw new Error(`no demo set audio in ${folder}`);
  const setId = Number(file.split('-')[0]);
  const set = await apiGet<SetDetail>(request, me, `/sets/${setId}`);
  const dir = mkdtempSync(join(process.env.E2E_DATA_DIR ?? '/tmp', 'publishing-'));
  const mp3 = join(dir, 'my-closing-set.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    join(folder, file),
    '-t',
    String(SECONDS),
    '-c',
    'copy',
    mp3,
  ]);
  const within = set.set_tracks.filter((row) => row.start_time < SECONDS - 60);
  // the sheet names the first track and leaves the second an ID, for Cratedig to recognise
  const [named, unknown] = within;
  if (!named || !unknown || unknown.track_meta.mix_type === 'ID')
    throw new Error('the demo set plays no two known tracks in its first minutes');
  const tracks = [named];
  const unnamed = [unknown];
  const cue = [
    'PERFORMER "Journey DJ"',
    'TITLE "My Closing Set"',
    'FILE "my-closing-set.mp3" MP3',
    '  TRACK 01 AUDIO',
    `    PERFORMER "${named.track_meta.artist}"`,
    `    TITLE "${named.track_meta.title}"`,
    `    INDEX 01 ${clockCue(named.start_time)}`,
    '  TRACK 02 AUDIO',
    '    PERFORMER "ID"',
    '    TITLE "ID"',
    `    INDEX 01 ${clockCue(unknown.start_time)}`,
  ].join('\n');
  const cuePath = join(dir, 'my-closing-set.cue');
  writeFileSync(cuePath, `${cue}\n`);
  return { mp3, cuePath, tracks, unnamed };
}

/** Every axe rule (label-in-name too), as accessibility.spec.ts runs them; an open popover's region aside. */
async function expectAccessible(page: Page, what: string) {
  const every = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .disableRules(['region'])
    .analyze();
  const regions = await new AxeBuilder({ page }).withRules(['region']).exclude('.MuiPopover-root').analyze();
  const found = [...every.violations, ...regions.violations].map(
    (v) =>
      `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
  );
  expect.soft(found, what).toEqual([]);
}

async function signedIn(page: Page, tokens: Tokens) {
  const expiry = String(Date.now() + 60 * 60 * 1000);
  await page.addInitScript(
    ([access, refresh, exp]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', exp);
      }
    },
    [tokens.access_token, tokens.refresh_token, expiry] as const,
  );
}

// axe measures the pages at rest, as accessibility.spec.ts does: with reduced motion the app's
// transitions end at once, so a button that was just enabled is never read mid-fade (its colour halfway
// between disabled and enabled failed the contrast rule).
test.use({ reducedMotion: 'reduce' });

test('a DJ uploads a recording, publishes it, plays it, renames it and deletes it', async ({
  page,
  request,
}) => {
  // the recognition waits for Cratedig to have heard the demo catalogue and then this set
  test.setTimeout(780_000);
  const me = await listener(request, 'publisher');
  const { mp3, cuePath, tracks, unnamed } = await recordingOf(request, me);
  await signedIn(page, me);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Publish a set, from the account menu.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Publish a set' }).click();
  await expect(page).toHaveURL('/publish');
  await expect(page.getByRole('heading', { level: 1, name: 'Publish a set' })).toBeVisible();

  // The token never travels in an address.
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));

  await page.getByTestId('audio-input').setInputFiles(mp3);
  await expect(page).toHaveURL(/\/publish\?draft=[0-9a-f]{32}$/, { timeout: 30_000 });
  const draftId = new URL(page.url()).searchParams.get('draft') ?? '';

  // The details, while it uploads and is processed.
  const form = page.getByRole('form', { name: 'Set details' });
  await form.getByRole('textbox', { name: 'Set name' }).fill('Journey Closing Set at the Harbour');
  const djs = form.getByRole('combobox', { name: 'DJs' });
  await djs.fill('Journey DJ');
  await djs.press('Enter');
  await form.getByLabel('Recorded on').fill('2026-11-20');
  await form.getByTestId('cue-input').setInputFiles(cuePath);
  await expect(form.getByRole('textbox', { name: 'Tracklist' })).toHaveValue(/PERFORMER "Journey DJ"/);
  const preview = form.getByRole('table', { name: 'Tracklist preview' });
  await expect(preview.getByRole('row')).toHaveCount(3, { timeout: 30_000 });
  await expect(preview).toContainText(`${tracks[0]?.track_meta.artist} – ${tracks[0]?.track_meta.title}`);
  await expect(form.getByRole('status')).toHaveText('All changes saved', { timeout: 30_000 });
  await expectAccessible(page, '/publish with its details and preview');

  // Processing, then Publish.
  const recording = page.getByRole('region', { name: 'Recording' });
  await expect(recording.getByText('Ready to publish')).toBeVisible({ timeout: 120_000 });
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await expectAccessible(page, '/publish ready');
  await publish.click();
  await expect(page).toHaveURL(/\/sets\/\d+$/, { timeout: 30_000 });
  const setId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(
    page.getByRole('heading', { level: 1, name: 'Journey Closing Set at the Harbour' }),
  ).toBeVisible();
  expect(addresses.filter((url) => url.includes(me.access_token))).toEqual([]);

  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expectAccessible(page, 'the set page as its owner');

  // Cratedig listens to the recording and recognises what the sheet leaves out; the owner adds it.
  // The job reads the demo after the start, then each new set (longer while journeys before this one
  // keep the machine busy); the page looks again every few seconds until it has heard this one.
  await expect
    .poll(async () => (await apiGet<FingerprintStatus>(request, me, '/fingerprints/status')).listening, {
      timeout: 600_000,
      intervals: [2_000],
    })
    .toBe(false);
  const recognised = page.getByRole('region', { name: 'Recognised in your recording' });
  const heard = recognised.getByRole('list', { name: 'Recognised tracks' });
  await expect(heard.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
  const first = unnamed[0]?.track_meta;
  await expect(heard).toContainText(`${first?.artist} – ${first?.title}`);
  const count = await heard.getByRole('listitem').count();
  await (count > 1
    ? recognised.getByRole('button', { name: `Add all ${count}` })
    : heard.getByRole('button', { name: `Add ${first?.artist} – ${first?.title} to the tracklist` })
  ).click();
  // every track offered goes in: the one heard where the ID starts names it, later ones follow it
  await expect(recognised.getByRole('status')).toHaveText(
    `${count} ${count === 1 ? 'track' : 'tracks'} added to your tracklist.`,
    { timeout: 30_000 },
  );
  const withRecognised = await apiGet<SetDetail>(request, me, `/sets/${setId}`);
  expect(withRecognised.set_tracks.map((row) => row.track_meta.id)).toContain(first?.id);

  // It plays.
  await page.getByRole('button', { name: 'Play Journey Closing Set at the Harbour' }).first().click();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
          return element ? element.currentTime : 0;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0.5);
  await page.getByRole('button', { name: 'Pause Journey Closing Set at the Harbour' }).first().click();

  // The owner renames it on its page; it applies at once.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your set' });
  await dialog.getByRole('textbox', { name: 'Set name' }).fill('Journey Closing Set at the Lighthouse');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Journey Closing Set at the Lighthouse' }),
  ).toBeVisible();
  const renamed = await apiGet<SetDetail>(request, me, `/sets/${setId}`);
  expect(renamed.set_name).toBe('Journey Closing Set at the Lighthouse');

  // Delete it from My sets.
  await page.goto('/profile#my-sets');
  const mine = page.getByRole('list', { name: 'My sets' });
  await expect(mine.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(mine.getByText('Published')).toBeVisible();
  await expectAccessible(page, 'My sets');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
  await mine.getByRole('button', { name: 'More actions for Journey Closing Set at the Lighthouse' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this set?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have not published a set yet')).toBeVisible();
  const gone = await request.get(`/api/sets/${setId}`, { headers: bearer(me) });
  expect(gone.status()).toBe(404);
  const draft = await request.get(`/api/publish/sets/${draftId}`, { headers: bearer(me) });
  expect(draft.status()).toBe(404);
});
