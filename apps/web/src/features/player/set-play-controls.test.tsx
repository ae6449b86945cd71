import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPlayer } from '../../test/render';
import { expectShown } from '../../test/shown';
import { TrackPlayButton } from './set-play-controls';

describe("a track page's Play", () => {
  it('plays the set from where the track starts', async () => {
    const { user, store, audio } = renderWithPlayer(
      <TrackPlayButton trackId={102} title="Track 102" label="Listen to the moment" setCount={1} />,
    );
    await user.click(screen.getByRole('button', { name: 'Listen to the moment: Track 102' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(1));
    expect(audio.currentTime).toBe(300);
    await screen.findByText('Playing track!');
  });

  it('offers the set from its start, never a moment, when only lists without times name the track', async () => {
    const { user, store } = renderWithPlayer(
      <TrackPlayButton
        trackId={101}
        title="Track 101"
        label="Listen to the moment"
        setCount={1}
        untimedOnly
      />,
    );
    const play = screen.getByRole('button', { name: 'Play the set with Track 101 from its start' });
    expect(play.textContent).toBe('Play the set');
    expect(screen.queryByText(/moment/)).toBeNull();
    await user.click(play);
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(1));
    expectShown(await screen.findByText('Playing the set from its start: its track list has no times.'));
  });
});
