import type { Identification, TrackIdentification } from '@cratedig/contract/identification';
import type { TrackDetail } from '@cratedig/contract/track';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeIdentification, makeTrack, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { type FakeEventSource, openStream } from '../../test/fake-event-source';
import { renderApp } from '../../test/render';
// The page loads the panel lazily; loading it with the file keeps that out of each test's time.
import './identification-panel';

function makeId(identification: TrackIdentification, overrides: Partial<TrackDetail> = {}): TrackDetail {
  return {
    ...makeTrack({
      id: 12,
      title: 'ID',
      artist: 'ID',
      artists: [],
      mix_type: 'ID',
      release_date: null,
      label_name: null,
      label_meta: null,
      label_meta_id: null,
      genre: null,
      set_meta: { id: 3, set_name: 'Live at Tresor', release_date: '2024-05-01' },
      release: null,
      identification,
    }),
    waiting_count: 4,
    set_count: 1,
    first_heard: null,
    ...overrides,
  };
}

function renderId(track: TrackDetail, proposals: Identification[] = [], trackHeldUntil?: Promise<unknown>) {
  const api = (request: FakeRequest): FakeResponse | undefined => {
    if (request.path === '/queue') return { body: [] };
    if (request.path === `/tracks/${track.id}`) return { body: track, heldUntil: trackHeldUntil };
    if (request.path === `/tracks/${track.id}/identifications`) {
      return {
        body: {
          data: proposals,
          pagination: { offset: 0, count: proposals.length, total: proposals.length },
        },
      };
    }
    if (request.path.endsWith('/sets'))
      return { body: { data: [], pagination: { offset: 0, count: 0, total: 0 } } };
    return undefined;
  };
  return renderApp(`/tracks/${track.id}`, { api, session: makeUser() });
}

const state = () => screen.findByRole('status', { name: 'Identification' }, { timeout: 40_000 });

describe("an ID's identification", () => {
  it('asks for the proposals at the same time as the ID, not once the ID has arrived', async () => {
    let answer: (value?: unknown) => void = () => {};
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    const mine = makeIdentification(70);
    const { requests } = renderId(
      makeId({ status: 'proposed', open_count: 1, accepted: null }),
      [mine],
      held,
    );
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/tracks/12'), { timeout: 40_000 });
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/tracks/12/identifications'));
    expect(screen.queryByRole('status', { name: 'Identification' })).toBeNull();
    answer();
    expect((await state()).textContent).toBe('1 suggestion');
  }, 60_000);

  it('invites the first suggestion when nobody has made one, and plays the moment', async () => {
    renderId(makeId({ status: 'unidentified', open_count: 0, accepted: null }));
    expect((await state()).textContent).toBe('Nobody has suggested what this is yet');
    screen.getByRole('button', { name: 'Suggest what this is' });
    expect(screen.getByRole('button', { name: 'Listen to the moment: ID' }).textContent).toBe(
      'Listen to the moment',
    );
  }, 60_000);

  it('counts the open suggestions and lists them, open first', async () => {
    const proposals = [
      makeIdentification(1, { confirm_count: 2 }),
      makeIdentification(2, { status: 'rejected', decided_dt: new Date().toISOString() }),
    ];
    renderId(makeId({ status: 'proposed', open_count: 1, accepted: null }), proposals);
    expect((await state()).textContent).toBe('1 suggestion');
    const list = within(await screen.findByRole('list', { name: 'Suggestions' }));
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Artist 1 – Title 1',
      'Artist 2 – Title 2',
    ]);
  });

  it('names an identified ID as unreleased, with no more suggesting', async () => {
    const accepted = makeIdentification(5, {
      status: 'accepted',
      confirm_count: 3,
      decided_dt: new Date().toISOString(),
      proposal: { ...makeIdentification(5).proposal, artist: 'Tiber', title: 'Lowlands' },
    });
    renderId(
      makeId({
        status: 'identified',
        open_count: 0,
        accepted: { id: 5, proposal: accepted.proposal, decided_dt: accepted.decided_dt ?? '' },
      }),
      [accepted],
    );
    expect((await state()).textContent).toBe('Identified as Tiber – Lowlands (unreleased)');
    screen.getByText('ID · identified · unreleased');
    screen.getByRole('heading', { level: 1, name: 'Lowlands' });
    expect(screen.queryByRole('button', { name: 'Suggest what this is' })).toBeNull();
    expect((await screen.findByRole('listitem', { name: 'Tiber – Lowlands' })).textContent).toContain(
      'Accepted',
    );
  });

  it('changes live: counts and the state follow the stream, for everyone with the page open', async () => {
    const proposal = makeIdentification(7, { confirm_count: 1 });
    const { requests } = renderId(makeId({ status: 'proposed', open_count: 1, accepted: null }), [proposal]);
    const item = await screen.findByRole('listitem', { name: 'Artist 7 – Title 7' });
    await waitFor(() => expect(openStream()?.query().get('tracks')).toBe('12'));
    const stream = openStream() as FakeEventSource;
    const listCalls = () => requests.filter((r) => r.path === '/tracks/12/identifications').length;
    const before = listCalls();
    act(() => stream.emit('ready', { missed: false }, '1'));
    act(() =>
      stream.emit(
        'identification',
        {
          id_track_id: 12,
          change: 'voted',
          proposal: { id: 7, status: 'open', confirm_count: 2, reject_count: 1, decided_dt: null },
          identification: { status: 'proposed', open_count: 1, accepted: null },
        },
        '2',
      ),
    );
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Confirm Artist 7 – Title 7' }).textContent).toContain(
        'Confirm · 2',
      ),
    );
    expect(within(item).getByRole('button', { name: 'Reject Artist 7 – Title 7' }).textContent).toContain(
      'Reject · 1',
    );
    // a vote's counts travel in the event: nothing is fetched again
    expect(listCalls()).toBe(before);

    act(() =>
      stream.emit(
        'identification',
        {
          id_track_id: 12,
          change: 'decided',
          proposal: {
            id: 7,
            status: 'accepted',
            confirm_count: 3,
            reject_count: 1,
            decided_dt: new Date().toISOString(),
          },
          identification: {
            status: 'identified',
            open_count: 0,
            accepted: { id: 7, proposal: proposal.proposal, decided_dt: new Date().toISOString() },
          },
        },
        '3',
      ),
    );
    await waitFor(async () =>
      expect((await state()).textContent).toBe('Identified as Artist 7 – Title 7 (unreleased)'),
    );
  });
});
