import type { HeardIn, HeardInList } from '@cratedig/contract/fingerprints-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { HeardInSection, otherSets } from './heard-in-section';

function heard(setId: number, start: number): HeardIn {
  return {
    set_meta: { id: setId, set_name: `Set ${setId}`, artist: 'Someone', art_url_sm: null },
    start_time: start,
    end_time: start + 240,
    similarity: 0.92,
    speed: 1,
    key_locked: false,
    in_tracklist: false,
    set_track_position: null,
    set_track_id: null,
  };
}

const list = (items: HeardIn[], total = items.length): HeardInList => ({
  data: items,
  pagination: { offset: 0, count: items.length, total },
  listening: false,
});

describe("an ID's 'Heard in N other sets'", () => {
  it('leaves out the set it was found in and counts a set heard twice once', async () => {
    // found in set 1; heard again in set 1, twice in set 2 and in set 3
    const answer = list([heard(1, 600), heard(2, 100), heard(2, 2000), heard(3, 50)]);
    const handler = (r: FakeRequest): FakeResponse | undefined =>
      r.path === '/tracks/9/heard-in' ? { body: answer } : undefined;
    renderWithProviders(<HeardInSection trackId={9} isId foundInSetId={1} />, {
      api: handler,
      session: makeUser(),
    });
    const section = await screen.findByRole('region', { name: 'Heard in 2 other sets' });
    expect(within(section).queryByRole('link', { name: 'Set 1' })).toBeNull();
    expect(within(section).getAllByRole('link', { name: 'Set 2' })).toHaveLength(2);
  });

  it('with more pages than shown, takes the found-in rows off the total', () => {
    expect(otherSets(list([heard(1, 0), heard(2, 0)], 30), 1).sets).toBe(29);
  });
});
