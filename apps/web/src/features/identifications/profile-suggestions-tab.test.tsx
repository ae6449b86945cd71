import type { UserIdentification } from '@cratedig/contract/identifications-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeIdentification, makeUser, namesTrack } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ProfileSuggestionsTab } from './profile-suggestions-tab';

const idTrack = (id: number) => ({
  id,
  title: 'ID',
  artist: 'ID',
  art_url_sm: null,
  set_meta: { id: 3, set_name: 'Live at Tresor' },
});

function renderTab(items: UserIdentification[]) {
  const api = (request: FakeRequest): FakeResponse | undefined =>
    request.path === '/users/41/identifications'
      ? { body: { data: items, pagination: { offset: 0, count: items.length, total: items.length } } }
      : undefined;
  return renderWithProviders(<ProfileSuggestionsTab userId={41} />, {
    api,
    session: makeUser({ id: 41 }),
  });
}

describe("the profile's suggestions", () => {
  it('lists each suggestion with its status, linking to the ID', async () => {
    renderTab([
      {
        ...makeIdentification(1, {
          is_own: true,
          status: 'accepted',
          proposal: namesTrack(301, 'Bicep', 'Glue'),
        }),
        id_track: idTrack(12),
      },
      { ...makeIdentification(2, { is_own: true, confirm_count: 1 }), id_track: idTrack(13) },
    ]);
    const items = within(await screen.findByRole('list', { name: 'Your suggestions' })).getAllByRole(
      'listitem',
    );
    expect(items[0]?.textContent).toContain('Accepted');
    expect(items[0]?.textContent).toContain('For the ID in Live at Tresor');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Bicep – Glue' })
        .getAttribute('href'),
    ).toBe('/tracks/12');
    expect(items[1]?.textContent).toContain('Open for votes');
    within(items[1] as HTMLElement).getByLabelText('1 confirm, 0 reject');
  }, 30_000);

  it('says where to start when there are none', async () => {
    renderTab([]);
    await screen.findByText('No suggestions yet');
    expect(screen.getByRole('link', { name: 'IDs waiting to be named' }).getAttribute('href')).toBe('/ids');
  });
});
