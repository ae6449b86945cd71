import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSet } from '../../test/factories';
import { renderWithPlayer } from '../../test/render';
import { TrackMomentInSet, trackSetColumns } from './track-sets-tab';

describe("the track's moment in a set", () => {
  it('plays the set from where the track starts and shows the likes it got there', async () => {
    const set = makeSet(3);
    const { user, store, audio } = renderWithPlayer(
      <TrackMomentInSet
        set={set}
        moment={{ set_meta_id: 3, track_position: 2, start_time: 300, end_time: 600, likes: 7 }}
      />,
    );
    screen.getByText('7');
    await user.click(screen.getByRole('button', { name: 'Play Set 3 from 5:00, where the track plays' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(3));
    expect(audio.currentTime).toBe(300);
  });

  it('shows its place in a list without times, and offers no moment to play from', () => {
    renderWithPlayer(
      <TrackMomentInSet
        set={makeSet(4)}
        moment={{ set_meta_id: 4, track_position: 4, start_time: 0, end_time: 3600, likes: 0, untimed: true }}
      />,
    );
    screen.getByText('Track 4 of the list');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/0:00/)).toBeNull();
  });
});

describe("the track page's Sets table", () => {
  it('puts where the track plays right after the set and leaves out the set-only columns, so it fits', () => {
    const headers = trackSetColumns(() => null).map((column) => column.header);
    expect(headers).toEqual(['Set', 'Track plays at', 'Artist', 'Genre', 'Recorded', 'Likes', '']);
  });
});
