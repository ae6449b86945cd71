import type { FestivalDetail } from '@cratedig/contract/place';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';
import { yearsOf } from './place-detail-page';

const list = (items: unknown[]): FakeResponse => ({
  body: { data: items, pagination: { offset: 0, count: items.length, total: items.length } },
});

const dekmantel: FestivalDetail = {
  id: 7,
  name: 'Dekmantel Festival',
  art_url_sm: null,
  art_url_xl: null,
  city: 'Amsterdam',
  country: 'Netherlands',
  set_count: 2,
  first_set_date: '2019-08-02',
  latest_set_date: '2024-08-03',
  followers: 1,
  user_place_stats: { is_followed: false },
};

function festivalApi(request: FakeRequest): FakeResponse | undefined {
  if (request.path === '/queue') return { body: [] };
  if (request.path === '/festivals/7') return { body: dekmantel };
  if (request.path === '/sets' && request.query.get('festival_id') === '7')
    return list([
      makeSet(31, { set_name: 'Peggy Gou at Dekmantel 2024' }),
      makeSet(32, { set_name: 'Call Super at Dekmantel 2019' }),
    ]);
  if (request.method === 'PUT' && request.path === '/stats/festival/7/follow')
    return { body: { is_followed: true } };
  return undefined;
}

describe('a festival’s page', () => {
  it('shows the place, its years, followers and the sets recorded there; Follow counts the listener in', async () => {
    const { user, requests } = renderApp('/festivals/7', { api: festivalApi, session: makeUser() });
    expectShown(
      await screen.findByRole('heading', { level: 1, name: 'Dekmantel Festival' }, { timeout: 20_000 }),
    );
    screen.getByText('Amsterdam, Netherlands');
    screen.getByText('2 sets · 2019–2024 · 1 follower');
    const sets = screen.getByRole('region', { name: 'Sets from this festival' });
    expectShown(await within(sets).findByRole('link', { name: 'Peggy Gou at Dekmantel 2024 by DJ 31' }));
    within(sets).getByRole('link', { name: 'Call Super at Dekmantel 2019 by DJ 32' });

    const follow = screen.getByRole('button', { name: 'Follow Dekmantel Festival' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await user.click(follow);
    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    screen.getByText('2 sets · 2019–2024 · 2 followers');
    await screen.findByText('Dekmantel Festival followed!');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/stats/festival/7/follow',
    ]);
  });

  it('says the place could not be found for an unknown id', async () => {
    renderApp('/venues/404', {
      api: (request) => (request.path === '/queue' ? { body: [] } : undefined),
      session: makeUser(),
    });
    await screen.findByText('This venue could not be found', {}, { timeout: 20_000 });
  });
});

describe('the years a place’s sets span', () => {
  it('is one year, a span, or nothing without sets', () => {
    expect(yearsOf({ first_set_date: '2024-01-01', latest_set_date: '2024-12-31' })).toBe('2024');
    expect(yearsOf({ first_set_date: '2019-08-02', latest_set_date: '2024-08-03' })).toBe('2019–2024');
    expect(yearsOf({ first_set_date: null, latest_set_date: null })).toBeNull();
  });
});
