import type { SetSuggestion } from '@cratedig/contract/fingerprints-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { IdentifiedTracks } from './identified-tracks';

function found(position: number | null, start: number): SetSuggestion {
  return {
    start_time: start,
    end_time: start + 300,
    similarity: 0.9,
    speed: 1,
    key_locked: false,
    track_meta: { id: 40 + start, title: 'Found', artist: 'Someone', art_url_sm: null },
    heard_in: { id: 3, set_name: 'Elsewhere', artist: 'Someone', art_url_sm: null },
    set_track_position: position,
  };
}

function renderCount(suggestions: SetSuggestion[]) {
  const handler = (r: FakeRequest): FakeResponse | undefined =>
    r.path === '/sets/1/heard-tracks' ? { body: { data: suggestions, listening: false } } : undefined;
  return renderWithProviders(<IdentifiedTracks set={{ id: 1, track_count: 6, track_confirmed_count: 6 }} />, {
    api: handler,
    session: makeUser(),
  });
}

describe("a set's identified tracks", () => {
  it('counts a track Cratedig heard where the tracklist names nothing, but not one inside an ID', async () => {
    renderCount([found(null, 1800), found(4, 900)]);
    await screen.findByText('Identified Tracks: 6/7');
    expect(screen.getByText('Identified Tracks: 6/7').getAttribute('title')).toBe(
      'Including 1 track Cratedig heard that the tracklist does not name',
    );
  });

  it('is the tracklist’s count when nothing was found', async () => {
    renderCount([]);
    await screen.findByText('Identified Tracks: 6/6');
  });
});
