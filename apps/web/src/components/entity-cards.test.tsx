import type { Artist } from '@cratedig/contract/artist';
import type { SetMeta } from '@cratedig/contract/set';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capCount, truncate } from '../lib/format';
import { accessibleName } from '../test/accessible-name';
import { asDesktop } from '../test/media-query';
import { ArtistCard, PlaceCard, SetCard } from './entity-cards';
import { setColumns } from './entity-columns';

/** The title as a sighted person sees it on the card (the full name beside it is for screen readers). */
function shownTitle(card: HTMLElement): string | null {
  return within(card).getByRole('heading').querySelector('[aria-hidden="true"]')?.textContent ?? null;
}

const artist: Artist = {
  id: 4,
  name: 'Maximilian Oberholzer',
  bio: null,
  art_url_sm: '/media/artists/4-sm.jpg',
  art_url_xl: null,
  set_count: 2,
  track_count: 9,
  label_count: 1,
  remix_count: 0,
  id_count: 0,
  latest_set_date: null,
  latest_track_date: null,
  track_genres: ['Techno', 'House', 'Trance'],
  founded_label: [],
  beatport: null,
  instagram: null,
  youtube: null,
  website: null,
};

const set: SetMeta = {
  id: 9,
  set_name: 'Boiler Room Berlin Warehouse Closing Set',
  artist: 'Anja Schneiderhoffmann',
  artist_meta: { id: 1, name: 'Anja' },
  artists: [{ id: 1, name: 'Anja' }],
  art_url_sm: null,
  art_url_xl: null,
  release_date: '2024-03-01',
  genre: 'Techno',
  track_genres: ['Techno', 'House', 'Trance', 'Electronica'],
  mp3_permalink: null,
  duration: 3_600_000,
  likes: 4321,
  track_count: 10,
  track_confirmed_count: 8,
  set_sponsors: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('cards', () => {
  it('truncates an artist name to 15 characters and shows at most 2 tags', () => {
    render(
      <MemoryRouter>
        <ArtistCard artist={artist} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: 'Maximilian Oberholzer' });
    expect(shownTitle(card)).toBe('Maximilian Obe…');
    within(card).getByText('Techno');
    within(card).getByText('House');
    expect(within(card).queryByText('Trance')).toBeNull();
    // relative artwork is prefixed with the site address (docs/web-app.md)
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/media/artists/4-sm.jpg`,
    );
  });

  it('a small set card cuts the title at 18, the artist at 15, shows 3 chips and caps likes at 999', () => {
    render(
      <MemoryRouter>
        <SetCard set={set} size="small" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ });
    expect(shownTitle(card)).toBe('Boiler Room Berli…');
    within(card).getByText('Anja Schneider…');
    expect(within(card).getAllByText(/^(Techno|House|Trance|Electronica)$/)).toHaveLength(3);
    within(card).getByLabelText('999+ likes');
    // no artwork: the default artwork
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/default-artwork.svg`,
    );
  });

  it('shows a phone search result’s title from its start over two lines, the match marked, not cut at both ends', () => {
    render(
      <MemoryRouter>
        {/* 'Warehouse' starts at 19, past a small card's 18 characters */}
        <SetCard set={set} size="small" highlight={{ title: [[19, 28]] }} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ });
    expect(shownTitle(card)).toBe('Boiler Room Berlin Warehouse Closin…');
    expect(card.querySelector('mark')?.textContent).toBe('Warehouse');
  });

  it('names its link by what it shows, never by a label over its text (a speech user says what they see)', () => {
    render(
      <MemoryRouter>
        <SetCard set={set} size="small" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ });
    expect(card.hasAttribute('aria-label')).toBe(false);
    expect(card.hasAttribute('aria-labelledby')).toBe(false);
    const name = accessibleName(card);
    expect(name).toBe(`${set.set_name} by ${set.artist}`);
    // the words the card shows, before it cuts them, start its name
    expect(name.startsWith((shownTitle(card) ?? '').replace('…', ''))).toBe(true);
  });

  it('a set named after its DJs shows the rest of its name as the title and the DJs under it', () => {
    const named: SetMeta = {
      ...set,
      set_name: 'Lena Vogt b2b Nightjar Society @ Halle Null, Berlin',
      artist: 'Lena Vogt b2b Nightjar Society',
    };
    render(
      <MemoryRouter>
        <SetCard set={named} size="small" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', {
      name: 'Lena Vogt b2b Nightjar Society @ Halle Null, Berlin by Lena Vogt b2b Nightjar Society',
    });
    expect(shownTitle(card)).toBe('Halle Null, Berlin');
    expect(within(card).getByTitle('Lena Vogt b2b Nightjar Society').textContent).toBe('Lena Vogt b2b…');
  });

  it('a card that widens with the screen keeps 25 characters on a desktop and 18 on a phone', () => {
    const title = () =>
      shownTitle(screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ }));
    const view = render(
      <MemoryRouter>
        <SetCard set={set} />
      </MemoryRouter>,
    );
    expect(title()).toBe('Boiler Room Berli…');
    view.unmount();
    asDesktop();
    render(
      <MemoryRouter>
        <SetCard set={set} />
      </MemoryRouter>,
    );
    expect(title()).toBe('Boiler Room Berlin Wareh…');
  });

  it('a set without a genre shows no empty chip, nor "null", on its card and in the Sets table', () => {
    const bare: SetMeta = { ...set, genre: null, track_genres: [] };
    const genreCell = setColumns.find((c) => c.key === 'genre');
    render(
      <MemoryRouter>
        <SetCard set={bare} size="small" />
        <div data-testid="genre-cell">{genreCell?.render(bare)}</div>
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ });
    // every chip carries its text as a title: only the title and the DJs' line have one here
    expect([...card.querySelectorAll('[title]')].map((el) => el.getAttribute('title'))).toEqual([
      bare.set_name,
      bare.artist,
    ]);
    expect(card.textContent).not.toMatch(/null/);
    expect(screen.getByTestId('genre-cell').textContent).toBe('—');
  });

  it("a set without a genre of its own still shows its identified tracks' genres", () => {
    render(
      <MemoryRouter>
        <SetCard set={{ ...set, genre: null, track_genres: ['House'] }} size="small" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^Boiler Room Berlin Warehouse Closing Set by/ });
    within(card).getByText('House');
  });

  it('a default card cuts a title at 25 characters', () => {
    expect(truncate('Boiler Room Berlin Warehouse Closing Set', 25)).toHaveLength(25);
    expect(truncate('Short', 25)).toBe('Short');
    expect(capCount(999)).toBe('999');
    expect(capCount(1000)).toBe('999+');
  });

  it('reads one like as "1 like", and a place as somewhere rather than by someone', () => {
    render(
      <MemoryRouter>
        <SetCard set={{ ...set, likes: 1 }} size="small" />
        <PlaceCard
          place={{
            id: 3,
            name: 'Tidewater Festival',
            city: 'Split',
            country: 'Croatia',
            art_url_sm: null,
            art_url_xl: null,
          }}
          kind="Festival"
        />
        <PlaceCard
          place={{
            id: 4,
            name: 'Nowhere Hall',
            city: null,
            country: null,
            art_url_sm: null,
            art_url_xl: null,
          }}
          kind="Venue"
        />
      </MemoryRouter>,
    );
    screen.getByLabelText('1 like');
    screen.getByRole('link', { name: 'Tidewater Festival, festival in Split, Croatia' });
    screen.getByRole('link', { name: 'Nowhere Hall, venue' });
  });
});
