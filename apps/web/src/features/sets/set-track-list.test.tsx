import type { SetTrack } from '@cratedig/contract/set';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSet, makeTrack } from '../../test/factories';
import { asDesktop } from '../../test/media-query';
import { renderWithPlayer } from '../../test/render';
import { SetTrackList } from './set-track-list';

const idFields = {
  title: 'ID',
  mix_type: 'ID',
  release_date: null,
  label_name: null,
  label_meta: null,
  label_meta_id: null,
  genre: null,
  bpm: null,
  key: null,
} as const;

function entries(): SetTrack[] {
  const [first, second] = makeSet(1, { tracks: 2 }).set_tracks;
  if (!first || !second) throw new Error('two entries expected');
  return [
    {
      ...first,
      track_meta: makeTrack({
        ...idFields,
        id: 101,
        artist: 'Tiber & Lune',
        artists: [
          { role: 'ID', artist_meta: { id: 31, name: 'Tiber' } },
          { role: 'ID', artist_meta: { id: 32, name: 'Lune' } },
        ],
      }),
    },
    // an ID nobody has put a name to
    { ...second, track_meta: makeTrack({ ...idFields, id: 102, artist: 'ID', artists: [] }) },
  ];
}

afterEach(() => vi.unstubAllGlobals());

describe('set track list artists', () => {
  it('shows a known ID artist in the table; only an unknown one reads ID', () => {
    asDesktop();
    renderWithPlayer(<SetTrackList entries={entries()} />);
    const rows = within(screen.getByRole('table', { name: 'Track list' }))
      .getAllByRole('row')
      .slice(1);
    const [known, unknown] = rows;
    if (!known || !unknown) throw new Error('two rows expected');
    expect(within(known).getByRole('link', { name: 'Tiber' }).getAttribute('href')).toBe('/artists/31');
    within(known).getByRole('link', { name: 'Lune' });
    expect(within(known).queryByText('ID', { selector: 'span' })).toBeNull();
    expect(within(unknown).getAllByText('ID').length).toBeGreaterThan(0);
    expect(within(unknown).queryByRole('link', { name: /Tiber|Lune/ })).toBeNull();
  });

  it('shows a known ID artist on the small-screen cards', () => {
    renderWithPlayer(<SetTrackList entries={entries()} />);
    const items = within(screen.getByRole('list', { name: 'Track list' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Tiber & Lune · unreleased');
    expect(items[1]?.textContent).toContain('ID · unreleased');
  });
});

describe('set track list IDs and their names', () => {
  function named(): SetTrack[] {
    const [first, second] = entries();
    if (!first || !second) throw new Error('two entries expected');
    return [
      {
        ...first,
        track_meta: {
          ...first.track_meta,
          artists: [],
          artist: 'ID',
          identification: {
            status: 'identified',
            open_count: 0,
            accepted: {
              id: 5,
              proposal: {
                track_meta: null,
                artist: 'Tiber',
                title: 'Lowlands',
                mix_name: null,
                label_name: 'Nightjar Records',
                url: null,
              },
              decided_dt: '2026-11-25T10:00:00Z',
            },
          },
        },
      },
      {
        ...second,
        track_meta: {
          ...second.track_meta,
          identification: { status: 'proposed', open_count: 3, accepted: null },
        },
      },
    ];
  }

  it("shows an identified ID as Artist – Title with Unreleased, and '?' with the open suggestions on an unknown one", () => {
    asDesktop();
    renderWithPlayer(<SetTrackList entries={named()} />);
    const [identified, unknown] = within(screen.getByRole('table', { name: 'Track list' }))
      .getAllByRole('row')
      .slice(1);
    if (!identified || !unknown) throw new Error('two rows expected');
    within(identified).getByText('Tiber');
    expect(within(identified).getByRole('link', { name: 'Lowlands' }).getAttribute('href')).toBe(
      '/tracks/101',
    );
    within(identified).getByText('Unreleased');
    // the label the accepted suggestion named, not '—'
    const labelCell = within(identified).getAllByRole('cell')[3];
    expect(labelCell?.textContent).toBe('Nightjar Records');
    expect(within(unknown).getAllByRole('cell')[3]?.textContent).toBe('—');
    const mark = within(unknown).getByRole('link', { name: '3 open suggestions for this ID: vote' });
    expect(mark.getAttribute('href')).toBe('/tracks/102');
    expect(mark.textContent).toBe('? 3');
  });

  it('marks them on the small-screen cards too', () => {
    renderWithPlayer(<SetTrackList entries={named()} />);
    const [identified, unknown] = within(screen.getByRole('list', { name: 'Track list' })).getAllByRole(
      'listitem',
    );
    expect(identified?.textContent).toContain('LowlandsUnreleased');
    expect(identified?.textContent).toContain('Tiber · Nightjar Records');
    within(unknown as HTMLElement).getByRole('link', { name: /3 open suggestions/ });
  });
});

describe('a set track list without times', () => {
  const untimed = (): SetTrack[] =>
    makeSet(4, { tracks: 3 }).set_tracks.map((entry) => ({
      ...entry,
      start_time: 0,
      end_time: 900,
      untimed: true as const,
    }));

  it('heads its places as a numbered list, not as times', () => {
    asDesktop();
    renderWithPlayer(<SetTrackList entries={untimed()} />);
    const table = within(screen.getByRole('table', { name: 'Track list' }));
    const head = table.getByRole('columnheader', { name: 'Place in the list' });
    expect(head.textContent).toBe('#Place in the list');
    expect(table.queryByRole('columnheader', { name: 'Time' })).toBeNull();
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1.', '2.', '3.']);
    expect(table.queryByText('0:00')).toBeNull();
  });

  it('keeps the Time heading for a timed list', () => {
    asDesktop();
    renderWithPlayer(<SetTrackList entries={makeSet(5, { tracks: 2 }).set_tracks} />);
    screen.getByRole('columnheader', { name: 'Time' });
  });

  it('shows the places on the small-screen cards, never 0:00', () => {
    renderWithPlayer(<SetTrackList entries={untimed()} />);
    const items = within(screen.getByRole('list', { name: 'Track list' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 2))).toEqual(['1.', '2.', '3.']);
    expect(screen.queryByText('0:00')).toBeNull();
  });
});
