import AxeBuilder from '@axe-core/playwright';
import type { SetMeta } from '@cratedig/contract/set';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiGet, listener, type Tokens, unreleasedIds } from './support/releases';

// A listener pastes the tracklist they have for a demo set whose list has IDs: the preview says what
// each line becomes, sending it turns the lines on the set's IDs into suggestions, and the set's ID
// rows and the IDs' pages show them. Then the refusals a phone user meets: an empty paste and a paste
// that is nothing but problems.

async function browserOf(browser: Browser, tokens: Tokens, width: number, height: number) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width, height },
    reducedMotion: 'reduce',
  });
  const expiry = String(Date.now() + 60 * 60 * 1000);
  await context.addInitScript(
    ([access, refresh, exp]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', exp);
      }
    },
    [tokens.access_token, tokens.refresh_token, expiry] as const,
  );
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Serious and critical axe violations (WCAG 2.1 A/AA and best practices), one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}; ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

test('a pasted tracklist becomes suggestions on the set IDs', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const me = await listener(request, 'paster');
  // An ID nobody watches, and its set: the demo's sets have IDs between known tracks.
  const [id] = await unreleasedIds(request, me, 1);
  if (!id?.set_meta) throw new Error('the demo catalogue has no ID heard in a set');
  const set = await apiGet<SetMeta>(request, me, `/sets/${id.set_meta.id}`);
  const rows = set.set_tracks ?? [];
  const open = rows.filter(
    (r) => r.track_meta.mix_type === 'ID' && r.track_meta.identification?.status === 'unidentified',
  );
  expect(open.length).toBeGreaterThan(0);
  // The known tracks as the set lists them, and a name of our own for every open ID.
  const paste = rows
    .map((r, i) =>
      open.includes(r)
        ? `[${clock(r.start_time)}] Paste Artist ${i} - Night Drive ${i} (Somebody Extended Remix) [Paste Records]`
        : r.track_meta.mix_type === 'ID'
          ? `[${clock(r.start_time)}] ID - ID`
          : `[${clock(r.start_time)}] ${r.track_meta.artist} - ${r.track_meta.title}`,
    )
    .join('\n');

  const { context, page } = await browserOf(browser, me, 1440, 900);
  await page.goto(`/sets/${set.id}`);
  await page.getByRole('link', { name: 'Suggest a tracklist' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(`/sets/${set.id}/tracklist`);
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest a tracklist' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tracklist' }).fill(paste);
  await page.getByRole('button', { name: 'Preview' }).click();
  const lines = page.getByRole('list', { name: 'Pasted lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(rows.length);
  const first = open[0];
  if (!first) throw new Error('no open ID');
  await expect(lines.filter({ hasText: `Suggestion for the ID at ${clock(first.start_time)}` })).toHaveCount(
    1,
  );
  await expect(page.getByText(/New to Cratedig: artists? .*Paste Artist/).first()).toBeVisible();
  await fitsWidth(page);
  expect(await violations(page)).toEqual([]);
  await shot(page, 'contribute-preview-1440');

  const send = page.getByRole('button', { name: /^Send \d+ suggestions?$/ });
  await expect(send).toHaveText(`Send ${open.length} suggestion${open.length === 1 ? '' : 's'}`);
  await send.click();
  const sent = page.getByRole('region', { name: /open for votes/ });
  await expect(sent.getByRole('heading')).toHaveText(
    `Thanks! ${open.length} suggestion${open.length === 1 ? '' : 's'} open for votes`,
  );
  await expect(sent.getByRole('heading')).toBeFocused();
  await shot(page, 'contribute-sent-1440');

  // The set's ID rows now carry an open suggestion each, leading to the ID's page.
  await page.getByRole('link', { name: "Back to the set's IDs" }).click();
  await expect(page).toHaveURL(`/sets/${set.id}`);
  const marks = page
    .getByRole('table', { name: 'Track list' })
    .getByRole('link', { name: /1 open suggestion for this ID/ });
  await expect(marks).toHaveCount(open.length);
  await page.goto(`/tracks/${first.track_meta.id}`);
  const index = rows.indexOf(first);
  await expect(page.getByRole('listitem', { name: new RegExp(`Paste Artist ${index}`) })).toContainText(
    `Night Drive ${index}`,
    { timeout: 30_000 },
  );
  await context.close();
});

test('on a phone: an empty paste, then a paste that is all problems', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const me = await listener(request, 'phone-paster');
  const [id] = await unreleasedIds(request, me, 1);
  if (!id?.set_meta) throw new Error('the demo catalogue has no ID heard in a set');
  const { context, page } = await browserOf(browser, me, 390, 844);
  await page.goto(`/sets/${id.set_meta.id}/tracklist`);
  await expect(page.getByText(/waiting for a name/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Paste a tracklist first: one track a line.')).toBeVisible();
  await shot(page, 'contribute-empty-390');

  const long = `${'A really long line that names no artist nor title and goes on '.repeat(3)}and on`;
  await page
    .getByRole('textbox', { name: 'Tracklist' })
    .fill(['just some words', '12:75 Broken - Time', long, 'w/'].join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('None of these lines can be read as a track.', { exact: false })).toBeVisible();
  await expect(page.getByText("Line 2: '12:75' is not a time (mm:ss, h:mm:ss or mm.ss)")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nothing to send' })).toBeDisabled();
  await fitsWidth(page);
  expect(await violations(page)).toEqual([]);
  await shot(page, 'contribute-problems-390');
  await context.close();
});
