import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSet } from '../../test/factories';
import { renderWithPlayer } from '../../test/render';
import { TrackMomentInSet } from './track-sets-tab';

describe("the track's moment in a set", () => {
  it('plays the set from where the track starts and shows the likes it got there', async () => {
    const set = makeSet(3);
    const { user, store, audio } = renderWithPlayer(
      <TrackMomentInSet
        set={set}
        moment={{ set_meta_id: 3, track_position: 2, start_time: 300, end_time: 600, likes: 7 }}
      />,
    );
    expect(screen.getByText('7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Play Set 3 from 5:00, where the track plays' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(3));
    expect(audio.currentTime).toBe(300);
  });
});
