import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtist, makeLabel, makeSet, makeTrack, makeUser } from '../../test/factories';
import { renderApp } from '../../test/render';
import { asHit, fakeSearch } from '../../test/search-fakes';

const api = fakeSearch({
  mira: {
    artists: [
      asHit(makeArtist({ id: 5, name: 'Mira Vale' }), [[0, 4]]),
      asHit(makeArtist({ id: 6, name: 'Mirabel' }), [[0, 4]]),
      asHit(makeArtist({ id: 7, name: 'Mira Sound System' }), [[0, 4]]),
    ],
    labels: [asHit(makeLabel({ id: 2, name: 'Miracle Records' }), [[0, 4]])],
    tracks: [asHit(makeTrack({ id: 12, title: 'ID', artist: 'Mira Vale', mix_type: 'ID' }))],
    sets: [asHit(makeSet(3, { set_name: 'Mira at Dusk' }), [[0, 4]])],
  },
});

async function typeInTopBar(text: string) {
  const app = renderApp('/home', { api, session: makeUser() });
  await screen.findByRole('heading', { level: 1, name: /Welcome to Cratedig/ });
  const box = within(screen.getByRole('search')).getByRole('combobox', { name: 'Search' });
  await app.user.type(box, text);
  const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
  await within(listbox).findByRole('option', { name: /^Mira Vale/ });
  return { ...app, box: box as HTMLInputElement, listbox };
}

function optionNames(listbox: HTMLElement) {
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

function highlighted(box: HTMLElement) {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
}

describe('top-bar suggestions', () => {
  it('suggests the best two of each kind, asking for two a kind, then all results', async () => {
    const { box, listbox, requests } = await typeInTopBar('mira');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(optionNames(listbox)).toEqual([
      expect.stringContaining('Mira Vale'),
      expect.stringContaining('Mirabel'),
      expect.stringContaining('Miracle Records'),
      expect.stringContaining('ID'),
      expect.stringContaining('Mira at Dusk'),
      'Show all results for “mira”',
    ]);
    const groups = within(listbox)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby'))
      .map((id) => (id ? document.getElementById(id)?.textContent : null));
    expect(groups).toEqual(['Artists', 'Labels', 'Tracks', 'Sets']);
    within(listbox).getByLabelText('Unreleased ID');
    // The line under a track's name marks the query in its artists: it says why the track matched.
    const id = within(listbox).getAllByRole('option')[3];
    expect([...(id?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual(['Mira']);
    const sent = requests.filter((request) => request.path === '/search');
    expect(sent.at(-1)?.query.get('s')).toBe('mira');
    expect(sent.at(-1)?.query.get('limit')).toBe('2');
  });

  it('moves with the arrow keys and opens the highlighted one on Enter, clearing the box', async () => {
    const { box, user, router } = await typeInTopBar('mira');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toContain('Mira Vale');
    expect(screen.getByRole('option', { name: /^Mira Vale/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted(box)).toContain('Miracle Records');
    await user.keyboard('{ArrowUp}');
    expect(highlighted(box)).toContain('Mirabel');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/artists/6'));
    expect(box.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('wraps from the top to the last option, which goes to all results', async () => {
    const { box, user, router } = await typeInTopBar('mira');
    await user.keyboard('{ArrowUp}');
    expect(highlighted(box)).toBe('Show all results for “mira”');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?s=mira');
  });

  it('closes on Escape; Enter with nothing highlighted goes to /search?s=', async () => {
    const { box, user, router } = await typeInTopBar('mira');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?s=mira');
    expect(box.value).toBe('');
  });

  it('opens a suggestion on a click and closes when focus leaves the box', async () => {
    const first = await typeInTopBar('mira');
    await first.user.tab();
    await first.user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    first.unmount();

    const { user, listbox, router } = await typeInTopBar('mira');
    await user.click(within(listbox).getByRole('option', { name: /Mira at Dusk/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sets/3'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
