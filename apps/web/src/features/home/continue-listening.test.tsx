import type { PlayedSet } from '@cratedig/contract/moments-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { ContinueListening } from './continue-listening';

function played(id: number, at: number, withTrack = true): PlayedSet {
  const set = makeSet(id);
  const entry = set.set_tracks[1];
  return {
    set_meta: set,
    current_timestamp: at,
    played_dt: '2026-11-20T21:00:00Z',
    track:
      withTrack && entry
        ? {
            track_position: 2,
            track_meta_id: entry.track_meta_id,
            artist: entry.track_meta.artist,
            title: entry.track_meta.title,
            start_time: entry.start_time,
            end_time: entry.end_time,
            likes: 3,
          }
        : null,
  };
}

function renderRow(items: PlayedSet[]) {
  return renderWithProviders(
    <>
      <ContinueListening />
      <p>Featured Sets</p>
    </>,
    {
      api: (r) =>
        r.path === '/plays/continue'
          ? { body: { data: items, pagination: { offset: 0, count: items.length, total: items.length } } }
          : undefined,
      session: makeUser(),
      player: {},
    },
  );
}

describe("Home's Continue listening", () => {
  it('is absent for a user with nothing to resume', async () => {
    const { requests } = renderRow([]);
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/plays/continue')).toBe(true));
    await screen.findByText('Featured Sets');
    expect(screen.queryByRole('heading', { name: 'Continue listening' })).toBeNull();
  });

  it("lists the sets in the server's order with their progress and track; one click resumes", async () => {
    const { user, store, audio, requests } = renderRow([played(2, 450), played(1, 90, false)]);
    const row = await screen.findByRole('region', { name: 'Continue listening' });
    const cards = within(row).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['Set 2', 'Set 1']);
    const first = cards[0] as HTMLElement;
    // 450 s of 900 s
    expect(
      within(first)
        .getByRole('progressbar', { name: 'Listened to 7:30 of 15:00' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    within(first).getByText('7:30 · Artist 202 — Track 202');
    within(cards[1] as HTMLElement).getByText('1:30');
    expect(requests.find((r) => r.path === '/plays/continue')?.query.get('offset')).toBe('0');

    await user.click(within(first).getByRole('button', { name: 'Resume Set 2 from 7:30' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(2));
    expect(audio.currentTime).toBe(450);
  });
});
