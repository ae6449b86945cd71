import type { HeardIn, SetSuggestion } from '@cratedig/contract/fingerprints-api';
import type { FoundProposals } from '@cratedig/contract/found-proposals-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { speedNote } from './found-messages';
import { HeardInSection } from './heard-in-section';
import { SetSuggestions } from './set-suggestions';

const heardSet = { id: 40, set_name: 'Where It Is Listed', artist: 'Someone', art_url_sm: null };

function found(id: number, start: number, speed: number, keyLocked = false): SetSuggestion {
  return {
    start_time: start,
    end_time: start + 240,
    similarity: 0.8,
    speed,
    key_locked: keyLocked,
    track_meta: { id, title: `Tune ${id}`, artist: 'Heard Artist', art_url_sm: null },
    heard_in: heardSet,
    set_track_position: id === 1 ? 2 : null,
  };
}

const sent: FoundProposals = {
  set_id: 7,
  proposed: [
    {
      track_meta_id: 1,
      start_time: 300,
      end_time: 540,
      id_track_id: 90,
      set_track_position: 2,
      new_entry: false,
      identification_id: 500,
    },
    {
      track_meta_id: 2,
      start_time: 620,
      end_time: 860,
      id_track_id: 91,
      set_track_position: 3,
      new_entry: true,
      identification_id: 501,
    },
  ],
  skipped: [
    {
      track_meta_id: 3,
      start_time: 1300,
      end_time: 1540,
      id_track_id: 92,
      set_track_position: 5,
      identification_id: 400,
      reason: 'suggested',
    },
  ],
};

/** The set's found list, and the send answered with `answer`. */
function setApi(answer: FakeResponse) {
  return (request: FakeRequest): FakeResponse | undefined => {
    if (request.method === 'GET' && request.path === '/sets/7/heard-tracks')
      return {
        body: { data: [found(1, 300, 1.04), found(2, 620, 0.92, true), found(3, 1300, 1)], listening: false },
      };
    if (request.method === 'POST' && request.path === '/sets/7/heard-tracks/proposals') return answer;
    return undefined;
  };
}

const renderSection = (answer: FakeResponse) =>
  renderWithProviders(<SetSuggestions setId={7} />, { api: setApi(answer), session: makeUser(), player: {} });

const row = (title: string) =>
  screen.getByRole('link', { name: `Heard Artist — ${title}` }).closest('li') as HTMLElement;

describe('how a copy was played', () => {
  it('says faster or slower and a locked key, and nothing at the same speed', () => {
    expect(speedNote(1.04, false)).toBe('played 4 % faster');
    expect(speedNote(0.92, true)).toBe('played 8 % slower, key locked');
    expect(speedNote(1.025, false)).toBe('played 2.5 % faster');
    expect(speedNote(1, false)).toBeNull();
    expect(speedNote(1.002, true)).toBeNull();
  });
});

describe("the set's found tracks", () => {
  it('shows each with its times and how it was played', async () => {
    renderSection({ status: 201, body: sent });
    await screen.findByRole('heading', { name: 'Cratedig found 3 tracks in this set' });
    expect(row('Tune 1').textContent).toContain('80% match · played 4 % faster');
    expect(row('Tune 2').textContent).toContain('80% match · played 8 % slower, key locked');
    expect(row('Tune 3').textContent).not.toContain('played');
  });

  it('sends them all as suggestions once, says what became of them and asks for the list again', async () => {
    const { user, requests } = renderSection({ status: 201, body: sent });
    const button = await screen.findByRole('button', { name: 'Suggest these as the tracklist' });
    await user.click(button);
    const status = await screen.findByRole('status', { name: '' });
    expect(status.textContent).toContain('Sent 2 suggestions: the crowd confirms them.');
    expect(status.textContent).toContain('1 new ID entry added where the tracklist named nothing.');
    expect(status.textContent).toContain('1 track: already suggested by someone else: vote on it.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/sets/7/heard-tracks')).toHaveLength(2),
    );
    // each row says what became of it and opens its ID
    within(row('Tune 2')).getByText(/Suggested: open for votes/);
    const open = within(row('Tune 2')).getByRole('link', { name: 'Open the ID' });
    expect(open.getAttribute('href')).toBe('/tracks/91');
    within(row('Tune 3')).getByText(/Not sent: already suggested by someone else/);
  });

  it('tells the listener when the limit was reached and when to try again', async () => {
    const limited = apiError(429, 'You have made many suggestions in a short time. Please try again later.');
    const { user } = renderSection({ ...limited, headers: { 'retry-after': '300' } });
    await user.click(await screen.findByRole('button', { name: 'Suggest these as the tracklist' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have made many suggestions in a short time. Try again in 5 minutes.',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Suggest these as the tracklist' }).disabled,
    ).toBe(false);
  });

  it('says so when nothing is left to suggest', async () => {
    const { user } = renderSection(apiError(422, 'Cratedig found nothing to suggest in this set.'));
    await user.click(await screen.findByRole('button', { name: 'Suggest these as the tracklist' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Cratedig found nothing to suggest in this set.',
    );
  });
});

describe("a track's 'Also heard in'", () => {
  it('says how the track was played in each set', async () => {
    const copy = (id: number, speed: number, keyLocked: boolean): HeardIn => ({
      set_meta: { ...heardSet, id, set_name: `Set ${id}` },
      start_time: 60,
      end_time: 300,
      similarity: 0.9,
      speed,
      key_locked: keyLocked,
      in_tracklist: true,
      set_track_position: 3,
      set_track_id: 12,
    });
    const data = [copy(1, 0.96, true), copy(2, 1, false)];
    renderWithProviders(<HeardInSection trackId={12} isId={false} />, {
      api: (request) =>
        request.path === '/tracks/12/heard-in'
          ? { body: { data, pagination: { offset: 0, count: 2, total: 2 }, listening: false } }
          : undefined,
      session: makeUser(),
      player: {},
    });
    const first = (await screen.findByRole('link', { name: 'Set 1' })).closest('li') as HTMLElement;
    expect(first.textContent).toContain('90% match · played 4 % slower, key locked');
    const second = screen.getByRole('link', { name: 'Set 2' }).closest('li') as HTMLElement;
    expect(second.textContent).not.toContain('played');
  });
});
