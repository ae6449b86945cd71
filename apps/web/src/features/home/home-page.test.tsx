import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtist, makeLabel, makeSet, makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './home-page';

const page = (data: unknown[]) => ({
  data,
  pagination: { offset: 0, count: data.length, total: data.length },
});
const place = (id: number, name: string) => ({
  id,
  name,
  art_url_sm: null,
  art_url_xl: null,
  city: 'Berlin',
});

const featured: Record<string, unknown[]> = {
  sets: [makeSet(1), makeSet(2)],
  tracks: [makeTrack({ id: 11, title: 'Glow' })],
  artists: [makeArtist({ id: 21, name: 'Mira Vale' })],
  labels: [makeLabel({ id: 31, name: 'Kompakt' })],
  festivals: [place(41, 'Dekmantel')],
  venues: [place(51, 'Tresor')],
};

function renderHome(slow?: { kind: string; heldUntil: Promise<unknown> }, failing?: string) {
  return renderWithProviders(<HomePage />, {
    api: (r: FakeRequest): FakeResponse | undefined => {
      const kind = r.path.match(/^\/featured\/(\w+)$/)?.[1];
      if (kind === undefined) return r.path === '/plays/continue' ? { body: page([]) } : undefined;
      if (kind === failing) return apiError(503, 'Service Unavailable');
      return {
        body: page(featured[kind] ?? []),
        ...(kind === slow?.kind ? { heldUntil: slow.heldUntil } : {}),
      };
    },
    session: makeUser(),
    player: {},
  });
}

const row = (name: string) => screen.getByRole('region', { name });

describe('Home', () => {
  it('shows each featured row as its answer arrives, while a slow one is still loading', async () => {
    let answerVenues = () => {};
    renderHome({ kind: 'venues', heldUntil: new Promise<void>((resolve) => (answerVenues = resolve)) });
    await screen.findByRole('link', { name: /Set 2/ });
    within(row('Newest Tracks')).getByRole('link', { name: /Glow/ });
    within(row('Featured Artists')).getByRole('link', { name: /Mira Vale/ });
    within(row('Featured Labels')).getByRole('link', { name: /Kompakt/ });
    within(row('Featured Festivals')).getByRole('link', { name: /Dekmantel/ });
    expect(within(row('Featured Venues')).getByRole('list').getAttribute('aria-busy')).toBe('true');

    answerVenues();
    await within(row('Featured Venues')).findByRole('link', { name: /Tresor/ });
    expect(within(row('Featured Venues')).getByRole('list').getAttribute('aria-busy')).toBe('false');
  });

  it("links each row's See all to its list, festivals and venues having none", async () => {
    renderHome();
    await screen.findByRole('link', { name: /Tresor/ });
    for (const [name, to] of [
      ['Featured Sets', '/sets'],
      ['Newest Tracks', '/tracks'],
      ['Featured Artists', '/artists'],
      ['Featured Labels', '/labels'],
    ] as const)
      expect(
        within(row(name))
          .getByRole('link', { name: /see all/i })
          .getAttribute('href'),
      ).toBe(to);
    expect(within(row('Featured Festivals')).queryByRole('link', { name: /see all/i })).toBeNull();
    expect(within(row('Featured Venues')).queryByRole('link', { name: /see all/i })).toBeNull();
  });

  it('shows a row whose list could not be read as empty, not as loading for ever', async () => {
    renderHome(undefined, 'venues');
    await screen.findByRole('link', { name: /Dekmantel/ });
    await within(row('Featured Venues')).findByText('Nothing here yet.');
    expect(within(row('Featured Venues')).queryByRole('list')).toBeNull();
  });
});
