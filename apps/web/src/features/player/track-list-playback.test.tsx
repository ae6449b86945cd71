import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import { renderWithPlayer, renderWithProviders } from '../../test/render';
import { PlayableTrackList, TrackStartCell } from './track-list-playback';

const set = makeSet(1);

function TrackTable() {
  return (
    <PlayableTrackList>
      <table aria-label="Track list">
        <tbody>
          {set.set_tracks.map((entry) => (
            <tr key={entry.track_position}>
              <td>
                <TrackStartCell entry={entry} />
              </td>
              <td>{entry.track_meta.title}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PlayableTrackList>
  );
}

const current = () => document.querySelectorAll('tr[aria-current="true"]');

describe('the track list with the player', () => {
  it('highlights the row of the playing track, and only while its set is loaded', async () => {
    const { store } = renderWithPlayer(<TrackTable />);
    expect(current()).toHaveLength(0);
    await act(() => store.play(1, 310));
    expect(current()).toHaveLength(1);
    expect(current()[0]?.textContent).toContain('Track 102');
    await act(() => store.play(2));
    expect(current()).toHaveLength(0);
  });

  it('a click on a row plays the set from that track, and the highlight follows', async () => {
    const { store, user, audio } = renderWithPlayer(<TrackTable />);
    await user.click(screen.getByText('Track 103'));
    await vi.waitFor(() => expect(store.getState().playing).toBe(true));
    expect(audio.currentTime).toBe(600);
    expect(current()[0]?.textContent).toContain('Track 103');
    await user.click(screen.getByRole('button', { name: 'Play from Artist 101 — Track 101 (0:00)' }));
    expect(audio.currentTime).toBe(0);
    expect(current()[0]?.textContent).toContain('Track 101');
  });
});

describe('a track list without times', () => {
  const untimed = makeSet(4, {
    tracks: 3,
    trackSeconds: 300,
  });
  untimed.set_tracks = untimed.set_tracks.map((entry) => ({
    ...entry,
    start_time: 0,
    end_time: 900,
    untimed: true as const,
  }));

  it('shows each entry by its place, not a time, and lights none while the set plays', async () => {
    const { store } = renderWithProviders(
      <PlayableTrackList>
        <table aria-label="Track list">
          <tbody>
            {untimed.set_tracks.map((entry) => (
              <tr key={entry.track_position}>
                <td>
                  <TrackStartCell entry={entry} />
                </td>
                <td>{entry.track_meta.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PlayableTrackList>,
      { session: makeUser(), player: { sets: [untimed] } },
    );
    const cells = [...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);
    expect(cells).toEqual(['1.', '2.', '3.']);
    expect(screen.queryByText('0:00')).toBeNull();
    await act(() => store.play(4, 310));
    expect(store.getState().track).toBeNull();
    expect(current()).toHaveLength(0);
  });
});
