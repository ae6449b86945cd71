import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { ListResponse } from '@cratedig/contract/common';
import type { FingerprintStatus, HeardInList } from '@cratedig/contract/fingerprints-api';
import type { SetMeta } from '@cratedig/contract/set';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, bearer, listener, type Tokens } from './support/releases';

// Cratedig listens: once the fingerprint job has read the demo's audio, an ID played again under
// another ID entry is "heard in other sets"; when the crowd names it, the other set's ID row shows a
// suggestion of the same name. A set whose tracklist leaves tracks out shows what Cratedig found, and
// a listener sends it as the tracklist: ID entries with their suggestions, for the crowd to confirm.

async function pageOf(browser: Browser, tokens: Tokens, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const expiry = String(Date.now() + 60 * 60 * 1000);
  await context.addInitScript(
    ([access, refresh, exp]) => {
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
      window.localStorage.setItem('tokenExpiry', exp);
    },
    [tokens.access_token, tokens.refresh_token, expiry] as const,
  );
  return context.newPage();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });

test('an ID heard in two sets is named, and the other set’s ID row shows the suggestion', async ({
  browser,
  request,
}) => {
  test.setTimeout(780_000);
  const [viewer, author, ...voters] = await Promise.all(
    ['viewer', 'namer', 'voter1', 'voter2', 'voter3'].map((who) => listener(request, `fp-${who}`)),
  );
  if (!viewer || !author) throw new Error('listeners');

  // The job runs in the background after the start: the demo is read, then each set is heard against
  // the others, within minutes (longer while the journeys before this one keep the machine busy).
  await expect
    .poll(async () => (await apiGet<FingerprintStatus>(request, viewer, '/fingerprints/status')).listening, {
      timeout: 600_000,
      intervals: [2_000],
    })
    .toBe(false);

  const sets = await apiGet<ListResponse<SetMeta>>(
    request,
    viewer,
    '/sets?search=Warehouse%20Session&limit=5',
  );
  const session = sets.data.find((s) => s.set_name.includes('Warehouse Session'));
  if (!session) throw new Error('the demo has no Warehouse Session set');
  const detail = await apiGet<SetDetail>(request, viewer, `/sets/${session.id}`);
  const idEntry = detail.set_tracks.find((e) => e.track_meta.mix_type === 'ID');
  if (!idEntry) throw new Error('the Warehouse Session plays no ID');
  const idTrack = idEntry.track_meta.id;
  const heard = await apiGet<HeardInList>(request, viewer, `/tracks/${idTrack}/heard-in`);
  const copies = heard.data.filter((h) => h.set_track_id !== null && h.set_track_id !== idTrack);
  expect(copies.length).toBeGreaterThanOrEqual(2);

  // The ID's page says where else it is heard, each playable from its moment.
  const page = await pageOf(browser, viewer, 1440, 900);
  await page.goto(`/tracks/${idTrack}`);
  const section = page.getByRole('region', { name: `Heard in ${heard.pagination.total} other sets` });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const second = copies[0];
  if (!second) throw new Error('no copy');
  await expect(section.getByRole('link', { name: second.set_meta.set_name })).toBeVisible();
  await expect(section.getByText(`listed there as track ${second.set_track_position}`).first()).toBeVisible();
  await expect(
    section.getByRole('button', {
      name: new RegExp(`^Play ${second.set_meta.set_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from`),
    }),
  ).toBeVisible();
  await shot(page, 'fingerprints-id-heard-in-1440');

  // The crowd names it: one suggestion, three confirmations.
  const proposed = await request.post(`/api/tracks/${idTrack}/identifications`, {
    headers: bearer(author),
    data: { artist: 'Lumen Vale', title: 'Night Ferry' },
  });
  expect(proposed.status()).toBe(201);
  const proposalId = (await proposed.json()).id as number;
  for (const voter of voters) {
    const voted = await request.put(`/api/identifications/${proposalId}/vote`, {
      headers: bearer(voter),
      data: { vote: 'confirm' },
    });
    expect(voted.ok()).toBe(true);
  }

  // The second set's ID row now carries the same suggestion, open for the crowd.
  await page.goto(`/sets/${second.set_meta.id}`);
  const row = page
    .getByRole('table', { name: 'Track list' })
    .getByRole('row')
    .nth(second.set_track_position ?? 0);
  await expect(row.getByRole('link', { name: '1 open suggestion for this ID: vote' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'fingerprints-second-set-1440');
  await page.goto(`/tracks/${second.set_track_id}`);
  await expect(page.getByText('Night Ferry').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('cratedig_listens').first()).toBeVisible();

  // A set whose tracklist leaves tracks out shows what Cratedig found there, at phone width too.
  const late = await apiGet<ListResponse<SetMeta>>(
    request,
    viewer,
    '/sets?search=Late%20Night%20Mix&limit=5',
  );
  const incomplete = late.data.find((s) => s.set_name.includes('Late Night Mix'));
  if (!incomplete) throw new Error('the demo has no incomplete set');
  const phone = await pageOf(browser, viewer, 390, 844);
  await phone.goto(`/sets/${incomplete.id}`);
  await expect(phone.getByRole('region', { name: /^Cratedig found \d+ tracks? in this set$/ })).toBeVisible({
    timeout: 30_000,
  });
  await shot(phone, 'fingerprints-found-in-set-390');

  // The listener sends what was found as the tracklist: each found track becomes their suggestion,
  // for an ID entry added where the tracklist named nothing, and the crowd confirms it as usual.
  const found = phone.getByRole('region', { name: /^Cratedig found \d+ tracks? in this set$/ });
  await found.getByRole('button', { name: 'Suggest these as the tracklist' }).click();
  const outcome = phone.getByRole('status').filter({ hasText: /^Sent \d+ suggestions?: the crowd confirms/ });
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  await expect(outcome).toContainText(/new ID entr(y|ies) added where the tracklist named nothing/);
  await shot(phone, 'fingerprints-found-sent-390');
  await page.goto(`/sets/${incomplete.id}`);
  await expect(
    page
      .getByRole('table', { name: 'Track list' })
      .getByRole('link', { name: '1 open suggestion for this ID: vote' })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, 'fingerprints-found-sent-1440');
});
