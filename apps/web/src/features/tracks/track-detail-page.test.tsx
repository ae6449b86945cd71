import type { TrackDetail } from '@cratedig/contract/track';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTrack, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { waitingLine } from './id-release-notes';

const foundIn = { id: 3, set_name: 'Live at Tresor', release_date: '2024-05-01' };

function makeId(overrides: Partial<TrackDetail> = {}): TrackDetail {
  return {
    ...makeTrack({
      id: 12,
      title: 'ID',
      artist: 'Tiber & Lune',
      mix_type: 'ID',
      release_date: null,
      label_name: null,
      label_meta: null,
      label_meta_id: null,
      genre: null,
      bpm: null,
      key: null,
      set_meta: foundIn,
      created_dt: '2024-05-01T22:30:00Z',
      release: null,
    }),
    waiting_count: 12,
    first_heard: null,
    set_count: 1,
    ...overrides,
  };
}

function renderTrack(track: TrackDetail) {
  const api = (request: FakeRequest): FakeResponse | undefined => {
    if (request.path === '/queue') return { body: [] };
    if (request.path === `/tracks/${track.id}`) return { body: track };
    if (request.path === `/tracks/${track.id}/sets`)
      return { body: { data: [], pagination: { offset: 0, count: 0, total: 0 } } };
    return undefined;
  };
  return renderApp(`/tracks/${track.id}`, { api, session: makeUser() });
}

describe('an ID page', () => {
  it('says how many listeners are waiting while it is unreleased', async () => {
    renderTrack(makeId({ waiting_count: 12 }));
    const note = await screen.findByRole('region', { name: 'Waiting for release' }, { timeout: 20_000 });
    expect(note.textContent).toBe('12 listeners are waiting for this ID');
    screen.getByText('ID · unreleased');
  });

  it('words one listener and none', () => {
    expect(waitingLine(1)).toBe('1 listener is waiting for this ID');
    expect(waitingLine(0)).toBe('Be the first to watch this ID');
    expect(waitingLine(1200)).toBe('1,200 listeners are waiting for this ID');
  });

  it('links to the release with its date and Buy once it came out', async () => {
    const release = {
      id: 13,
      title: 'Tunnel Vision',
      artist: 'Tiber & Lune',
      artists: [],
      release_date: '2024-06-14',
      purchase_url: 'https://shop.example.test/tunnel-vision',
      art_url_sm: null,
    };
    renderTrack(makeId({ release, waiting_count: 40 }));
    const note = within(await screen.findByRole('region', { name: 'Released' }, { timeout: 20_000 }));
    note.getByText('Out now');
    expect(note.getByRole('link', { name: 'Tiber & Lune – Tunnel Vision' }).getAttribute('href')).toBe(
      '/tracks/13',
    );
    expect(note.getByText(/Released as/).textContent).toBe('Released as Tiber & Lune – Tunnel Vision');
    note.getByText('on 14 Jun 2024');
    expect(note.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(release.purchase_url);
    screen.getByText('ID · released');
    expect(screen.queryByRole('region', { name: 'Waiting for release' })).toBeNull();
  });
});

describe('a released track that was an ID first', () => {
  it('says where and when it was first heard, linking to the set', async () => {
    const track: TrackDetail = {
      ...makeTrack({ id: 13, title: 'Tunnel Vision', release: null }),
      set_count: 1,
      waiting_count: null,
      first_heard: {
        id_track_id: 12,
        set_meta: { id: 3, set_name: 'Live at Tresor' },
        created_dt: '2024-05-01T22:30:00Z',
      },
    };
    renderTrack(track);
    const note = within(await screen.findByRole('region', { name: 'First heard' }, { timeout: 20_000 }));
    expect(note.getByText(/First heard in/).textContent).toBe('First heard in Live at Tresor on 1 May 2024');
    expect(note.getByRole('link', { name: 'Live at Tresor' }).getAttribute('href')).toBe('/sets/3');
    expect(note.getByRole('link', { name: 'See the ID' }).getAttribute('href')).toBe('/tracks/12');
  });

  it('says nothing of it for a track that was never an ID', async () => {
    renderTrack({
      ...makeTrack({ id: 14, title: 'Plain' }),
      set_count: 2,
      waiting_count: null,
      first_heard: null,
    });
    await screen.findByRole('heading', { level: 1, name: 'Plain' }, { timeout: 20_000 });
    expect(screen.queryByRole('region', { name: 'First heard' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Waiting for release' })).toBeNull();
    screen.getByRole('button', { name: 'Play Plain' });
  });
});

describe('a track no set plays', () => {
  it('offers no Play that would do nothing, and says why', async () => {
    renderTrack({
      ...makeTrack({ id: 15, title: 'Loose Cut' }),
      set_count: 0,
      waiting_count: null,
      first_heard: null,
    });
    await screen.findByRole('heading', { level: 1, name: 'Loose Cut' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: /^Play Loose Cut/ })).toBeNull();
    screen.getByText('In no set yet, so nothing to play');
  });
});
