import type { TrackHit } from '@cratedig/contract/search';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeIdentification, makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SuggestForm } from './suggest-form';

function hit(
  id: number,
  artist: string,
  title: string,
  mixType: 'original_mix' | 'ID' = 'original_mix',
): TrackHit {
  return { ...makeTrack({ id, artist, title, mix_type: mixType }), match: { rank: 'prefix', ranges: [] } };
}

const CATALOGUE = [hit(301, 'Bicep', 'Glue'), hit(302, 'Bicep', 'ID', 'ID'), hit(303, 'Bicep', 'Atlas')];

/** Search answers from CATALOGUE; POST answers `answer` (201 with a suggestion by default). */
function formApi(answer?: FakeResponse) {
  return (request: FakeRequest): FakeResponse | undefined => {
    if (request.path === '/search') {
      const s = (request.query.get('s') ?? '').toLowerCase();
      const data = CATALOGUE.filter((t) => `${t.artist} ${t.title}`.toLowerCase().includes(s));
      return {
        body: {
          query: { s, words: [s], corrections: [] },
          tracks: { data, pagination: { offset: 0, count: data.length, total: data.length } },
        },
      };
    }
    if (request.path === '/tracks/12/identifications' && request.method === 'POST') {
      return answer ?? { status: 201, body: makeIdentification(9, { is_own: true }) };
    }
    return undefined;
  };
}

function renderForm(answer?: FakeResponse) {
  const onDone = vi.fn();
  const onShowProposal = vi.fn();
  const view = renderWithProviders(
    <SuggestForm trackId={12} onDone={onDone} onShowProposal={onShowProposal} />,
    { api: formApi(answer), session: makeUser() },
  );
  return { ...view, onDone, onShowProposal };
}

/** Pastes into a field, as a listener copying a name from a store page does (faster than typing). */
async function fill(user: ReturnType<typeof renderForm>['user'], name: string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

const posts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path !== '/events/ticket');

describe('suggest what this is', () => {
  it('searches the catalogue with the search call and sends the picked track (never an ID)', async () => {
    const { user, requests, onDone } = renderForm();
    await user.type(await screen.findByRole('combobox', { name: 'Find it in the catalogue' }), 'bicep');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['GlueBicep · Deep Cuts', 'AtlasBicep · Deep Cuts']);
    const search = requests.find((r) => r.path === '/search');
    expect(search?.query.get('kinds')).toBe('tracks');
    await user.click(options[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(requests).map((r) => r.body)).toEqual([{ track_meta_id: 301 }]);
  }, 30_000);

  it('describes a track that is not in the catalogue, checking the fields first', async () => {
    const { user, requests, onDone } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Not in the catalogue? Describe it' }));
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    await screen.findByText('Artist is required');
    screen.getByText('Title is required');
    await fill(user, 'Artist', '  Tiber ');
    await fill(user, 'Title', 'Lowlands');
    await fill(user, 'Mix name', 'Extended Mix');
    await fill(user, 'Link', 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    await screen.findByText('A link starts with http:// or https://');
    expect(posts(requests)).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Link' }));
    await fill(user, 'Link', 'https://shop.example/lowlands');
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        artist: 'Tiber',
        title: 'Lowlands',
        mix_name: 'Extended Mix',
        label_name: null,
        url: 'https://shop.example/lowlands',
      },
    ]);
    // typing five fields key by key takes a while on a busy machine
  }, 30_000);

  it('points at the open suggestion to vote on when it was suggested already', async () => {
    const duplicate = apiError(409, 'An open suggestion names this track');
    const { user, onShowProposal, onDone } = renderForm({
      ...duplicate,
      body: { ...(duplicate.body as object), identification_id: 44 },
    });
    await user.type(await screen.findByRole('combobox', { name: 'Find it in the catalogue' }), 'atlas');
    await user.click(await screen.findByRole('option', { name: /Atlas/ }));
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone already suggested this. Vote on their suggestion instead.');
    await user.click(within(alert).getByRole('button', { name: 'Show it' }));
    expect(onShowProposal).toHaveBeenCalledWith(44);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says when to try again after the rate limit, at once, without sending again', async () => {
    const { user, requests } = renderForm({
      ...apiError(429, 'Too many suggestions'),
      headers: { 'retry-after': '3600' },
    });
    await user.type(await screen.findByRole('combobox', { name: 'Find it in the catalogue' }), 'glue');
    await user.click(await screen.findByRole('option', { name: /Glue/ }));
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have made many suggestions in a short time. Try again in 1 hour.',
    );
    expect(posts(requests)).toHaveLength(1);
  });

  it("shows the server's word on a refused field beside it", async () => {
    const { user } = renderForm(
      apiError(422, 'Validation failed', { title: ['Title must not contain control characters'] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Not in the catalogue? Describe it' }));
    await fill(user, 'Artist', 'Tiber');
    await fill(user, 'Title', 'Low');
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    await screen.findByText('Title must not contain control characters');
    expect((await screen.findByRole('alert')).textContent).toContain('Validation failed');
  });
});
