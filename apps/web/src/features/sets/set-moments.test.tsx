import type { CommentMarkers, SetHeat } from '@cratedig/contract/moments-api';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { peakTarget, SetMoments } from './set-moments';

// Set 1 of the test player: three tracks of 300 s. Buckets of 25 s; the peak bucket is 325–350 s and
// the moment liked in it is 347 s (track 2).
const set = makeSet(1);
function heat(overrides: Partial<SetHeat> = {}): SetHeat {
  const buckets = new Array<number>(36).fill(0);
  buckets[13] = 4;
  buckets[2] = 1;
  return {
    set_meta_id: 1,
    duration_s: 900,
    bucket_s: 25,
    buckets,
    total: 5,
    peak: { bucket: 13, start_s: 325, end_s: 350, at_s: 347, likes: 4, track_position: 2 },
    tracks: set.set_tracks.map((entry) => ({
      track_position: entry.track_position,
      track_meta_id: entry.track_meta_id,
      artist: entry.track_meta.artist,
      title: entry.track_meta.title,
      start_time: entry.start_time,
      end_time: entry.end_time,
      likes: entry.track_position === 2 ? 4 : 0,
    })),
    ...overrides,
  };
}
const markers: CommentMarkers = {
  data: [{ id: 9, set_timestamp: 615, first_line: 'That bassline!', author: { id: 8, username: 'digger' } }],
  total: 1,
};

function renderMoments(answer: SetHeat) {
  const handler = (r: FakeRequest): FakeResponse | undefined => {
    if (r.path === '/sets/1/heat') return { body: answer };
    if (r.path === '/sets/1/posts/markers') return { body: markers };
    return undefined;
  };
  return renderWithProviders(<SetMoments set={set} />, { api: handler, session: makeUser(), player: {} });
}

describe("the set page's moments", () => {
  it('names the most liked moment itself, not its bucket, and the control plays the set from there', async () => {
    expect(peakTarget(heat())).toBe(347);
    const { user, store, audio } = renderMoments(heat());
    await screen.findByText('Most liked at 5:47 · Artist 102 — Track 102 · 4 likes');
    await user.click(screen.getByRole('button', { name: 'Jump to the most liked moment' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(1));
    expect(audio.currentTime).toBe(347);
    expect(store.getState().track?.track_position).toBe(2);
  });

  it('the M key jumps there too, but not while typing', async () => {
    const { store, audio } = renderMoments(heat());
    await screen.findByText(/Most liked at 5:47/);
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: 'm' });
    expect(store.getState().set).toBeNull();
    fireEvent.keyDown(document.body, { key: 'm' });
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(1));
    expect(audio.currentTime).toBe(347);
    field.remove();
  });

  it('without likes the control is disabled and says there is nothing yet', async () => {
    renderMoments(heat({ buckets: new Array<number>(36).fill(0), total: 0, peak: null }));
    await screen.findByText(/No liked moments yet/);
    expect(screen.getByRole('button', { name: 'Jump to the most liked moment' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('a comment marker shows its first line on hover and plays the set from where it was written', async () => {
    const { user, store, audio } = renderMoments(heat());
    const marker = await screen.findByRole('button', { name: 'Comment by digger at 10:15: That bassline!' });
    await user.hover(marker);
    expect(screen.getByRole('tooltip').textContent).toContain('That bassline!');
    await user.click(marker);
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(1));
    expect(audio.currentTime).toBe(615);
  });
});
