import type { TracklistLine, TracklistPreview } from '@cratedig/contract/contribute-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';

const set = makeSet(1, { tracks: 3, set_name: 'Sunrise at the Lighthouse' });
const idRow = set.set_tracks?.[1];
if (idRow) {
  idRow.track_meta = {
    ...idRow.track_meta,
    title: 'ID',
    artist: 'ID',
    mix_type: 'ID',
    identification: { status: 'unidentified', open_count: 0, accepted: null },
  };
}

function line(n: number, overrides: Partial<TracklistLine>): TracklistLine {
  return {
    line: n,
    text: `Line ${n}`,
    outcome: 'same',
    start_time: null,
    track: null,
    set_row: null,
    new_artists: [],
    new_labels: [],
    note: null,
    ...overrides,
  };
}

const row = (position: number, start: number, isId = false) => ({
  track_position: position,
  start_time: start,
  track_meta_id: 100 + position,
  artist: isId ? 'ID' : 'Artist',
  title: isId ? 'ID' : 'Title',
  is_id: isId,
});

const GOOD: TracklistPreview = {
  set_id: 1,
  timed: true,
  lines: [
    line(1, { text: '00:00 Artist - Title', outcome: 'same', start_time: 0, set_row: row(1, 0) }),
    line(2, {
      text: '05:02 Nova Person - Brand New Tune (Other Guy Remix) [Unsigned]',
      outcome: 'suggestion',
      start_time: 302,
      set_row: row(2, 300, true),
      track: {
        track_meta_id: null,
        artist: 'Nova Person',
        title: 'Brand New Tune',
        mix_name: 'Other Guy Remix',
        label_name: 'Unsigned',
      },
      new_artists: ['Nova Person', 'Other Guy'],
      new_labels: ['Unsigned'],
    }),
  ],
  counts: { same: 1, suggestion: 1, known: 0, new: 0, id: 0, skipped: 0, problem: 0 },
};

const BAD: TracklistPreview = {
  set_id: 1,
  timed: false,
  lines: [
    line(1, {
      text: 'just words',
      outcome: 'problem',
      note: "this is not a track: write it as 'Artist - Title'",
    }),
    line(2, {
      text: '12:75 A - B',
      outcome: 'problem',
      note: "'12:75' is not a time (mm:ss, h:mm:ss or mm.ss)",
    }),
  ],
  counts: { same: 0, suggestion: 0, known: 0, new: 0, id: 0, skipped: 0, problem: 2 },
};

function api(preview: TracklistPreview | FakeResponse) {
  return (request: FakeRequest): FakeResponse | undefined => {
    if (request.path === '/sets/1' && request.method === 'GET') return { body: set };
    if (request.path === '/sets/1/tracklist-preview')
      return 'status' in preview || !('set_id' in preview) ? (preview as FakeResponse) : { body: preview };
    if (request.path === '/sets/1/tracklist-proposals')
      return {
        status: 201,
        body: {
          set_id: 1,
          proposed: [{ line: 2, id_track_id: 102, identification_id: 9, status: 'created' }],
        },
      };
    return undefined;
  };
}

// The page is its own lazy chunk: its first render waits for the import.
const PAGE = { timeout: 30_000 };

const sent = (requests: FakeRequest[], path: string) => requests.filter((r) => r.path === path);

describe('suggest a tracklist', () => {
  it('asks for a paste before calling the server', async () => {
    const { user, requests } = renderApp('/sets/1/tracklist', { api: api(GOOD), session: makeUser() });
    await screen.findByText('1 ID in this set waiting for a name', {}, PAGE);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    screen.getByText('Paste a tracklist first: one track a line.');
    expect(sent(requests, '/sets/1/tracklist-preview')).toHaveLength(0);
  }, 60_000);

  it('previews each line, sends the suggestions and links to the IDs they are for', async () => {
    const { user, requests, location } = renderApp('/sets/1/tracklist', {
      api: api(GOOD),
      session: makeUser(),
    });
    const box = await screen.findByRole('textbox', { name: 'Tracklist' }, PAGE);
    await user.click(box);
    await user.paste('00:00 Artist - Title\n05:02 Nova Person - Brand New Tune (Other Guy Remix) [Unsigned]');
    screen.getByText('2 lines · 84 characters');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const items = within(await screen.findByRole('list', { name: 'Pasted lines' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-outcome'))).toEqual(['same', 'suggestion']);
    within(items[0] as HTMLElement).getByText("Matches the set's track at 0:00.");
    within(items[1] as HTMLElement).getByText('Suggestion for the ID at 5:00.');
    expectShown(
      within(items[1] as HTMLElement).getByText(
        'New to Cratedig: artists Nova Person, Other Guy · label Unsigned',
      ),
    );
    screen.getByText(/1 suggestion · 1 matches the set · placed by their times/);

    await user.click(screen.getByRole('button', { name: 'Send 1 suggestion' }));
    const heading = await screen.findByRole('heading', { name: 'Thanks! 1 suggestion open for votes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(sent(requests, '/sets/1/tracklist-proposals')[0]?.body).toEqual({
      text: '00:00 Artist - Title\n05:02 Nova Person - Brand New Tune (Other Guy Remix) [Unsigned]',
    });
    const mine = within(screen.getByRole('list', { name: 'Your suggestions' })).getByRole('listitem');
    expect(mine.textContent).toContain('Nova Person - Brand New Tune');
    expect(mine.textContent).toContain('ID at 5:00 · Suggested: open for votes');
    expect(within(mine).getByRole('link', { name: 'Open the ID at 5:00' }).getAttribute('href')).toBe(
      '/tracks/102',
    );
    await user.click(screen.getByRole('link', { name: "Back to the set's IDs" }));
    await waitFor(() => expect(location()).toBe('/sets/1'));
  }, 60_000);

  it('names every problem and sends nothing while there are problems', async () => {
    const { user, requests } = renderApp('/sets/1/tracklist', { api: api(BAD), session: makeUser() });
    await user.click(await screen.findByRole('textbox', { name: 'Tracklist' }, PAGE));
    await user.paste('just words\n12:75 A - B');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/None of these lines can be read as a track/);
    screen.getByText("Line 2: '12:75' is not a time (mm:ss, h:mm:ss or mm.ss)");
    expect(screen.getByRole('button', { name: 'Nothing to send' }).hasAttribute('disabled')).toBe(true);
    // Editing the paste clears the preview of the old text.
    await user.type(screen.getByRole('textbox', { name: 'Tracklist' }), ' ');
    expect(screen.queryByRole('list', { name: 'Pasted lines' })).toBeNull();
    expect(sent(requests, '/sets/1/tracklist-proposals')).toHaveLength(0);
  }, 60_000);

  it('says when to try again after too many tracklists', async () => {
    const limited = {
      ...apiError(429, 'You have sent many tracklists in a short time. Please try again in a few minutes.'),
      headers: { 'retry-after': '120' },
    };
    const { user } = renderApp('/sets/1/tracklist', { api: api(limited), session: makeUser() });
    await user.click(await screen.findByRole('textbox', { name: 'Tracklist' }, PAGE));
    await user.paste('00:00 A - B');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent many tracklists in a short time. Try again in 2 minutes.',
    );
  }, 60_000);
});
