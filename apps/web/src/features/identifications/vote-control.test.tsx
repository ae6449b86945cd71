import type { Identification } from '@cratedig/contract/identification';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeIdentification, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { expectShown } from '../../test/shown';
import { IdentificationPanel } from './identification-panel';

/** An API holding the suggestions of ID 12 that answers votes and withdrawals as the server would. */
function suggestionsApi(
  proposals: Identification[],
  refuse?: (request: FakeRequest) => FakeResponse | undefined,
) {
  return (request: FakeRequest): FakeResponse | undefined => {
    const refused = refuse?.(request);
    if (refused) return refused;
    if (request.path === '/tracks/12/identifications') {
      return {
        body: {
          data: proposals,
          pagination: { offset: 0, count: proposals.length, total: proposals.length },
        },
      };
    }
    const vote = /^\/identifications\/(\d+)\/vote$/.exec(request.path);
    const proposal = proposals.find((p) => p.id === Number(vote?.[1]));
    if (vote && proposal && request.method === 'PUT') {
      const next = (request.body as { vote: 'confirm' | 'reject' | null }).vote;
      if (proposal.user_vote === 'confirm') proposal.confirm_count -= 1;
      if (proposal.user_vote === 'reject') proposal.reject_count -= 1;
      if (next === 'confirm') proposal.confirm_count += 1;
      if (next === 'reject') proposal.reject_count += 1;
      proposal.user_vote = next;
      return { body: { ...proposal } };
    }
    const withdraw = /^\/identifications\/(\d+)$/.exec(request.path);
    const own = proposals.find((p) => p.id === Number(withdraw?.[1]));
    if (withdraw && own && request.method === 'DELETE') {
      Object.assign(own, { status: 'withdrawn', decided_dt: new Date().toISOString() });
      return { body: { ...own } };
    }
    return undefined;
  };
}

function renderPanel(api: ReturnType<typeof suggestionsApi>) {
  return renderWithProviders(
    <IdentificationPanel
      trackId={12}
      identification={{ status: 'proposed', open_count: 2, accepted: null }}
      release={null}
    />,
    { api, session: makeUser() },
  );
}

const suggestion = (name: string) => screen.getByRole('listitem', { name });

describe('voting on a suggestion', () => {
  it('confirms, shows the vote pressed with the new count, and takes it back', async () => {
    const proposals = [makeIdentification(1, { confirm_count: 2, reject_count: 1 })];
    const { user, requests } = renderPanel(suggestionsApi(proposals));
    const item = await screen.findByRole('listitem', { name: 'Artist 1 – Title 1' });
    expect(item.textContent).toContain('Suggested by digger1');
    const confirm = within(item).getByRole('button', { name: 'Confirm Artist 1 – Title 1' });
    expect(confirm.getAttribute('aria-pressed')).toBe('false');
    expect(confirm.textContent).toContain('Confirm · 2');

    await user.click(confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-pressed')).toBe('true'));
    expect(confirm.textContent).toContain('Confirm · 3');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ vote: 'confirm' });

    // changing one's mind: reject replaces the confirmation
    await user.click(within(item).getByRole('button', { name: 'Reject Artist 1 – Title 1' }));
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Reject Artist 1 – Title 1' }).textContent).toContain(
        'Reject · 2',
      ),
    );
    expect(confirm.getAttribute('aria-pressed')).toBe('false');

    await user.click(within(item).getByRole('button', { name: 'Take back my vote' }));
    await waitFor(() => expect(within(item).queryByRole('button', { name: 'Take back my vote' })).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { vote: 'confirm' },
      { vote: 'reject' },
      { vote: null },
    ]);
    expect(within(item).getByRole('button', { name: 'Reject Artist 1 – Title 1' }).textContent).toContain(
      'Reject · 1',
    );
    // the first render of a file imports MUI and the panel: slow on a busy machine
  }, 30_000);

  it('offers no vote on your own suggestion, only Withdraw, which closes it', async () => {
    const proposals = [makeIdentification(3, { is_own: true, confirm_count: 1 })];
    const { user } = renderPanel(suggestionsApi(proposals));
    const item = await screen.findByRole('listitem', { name: 'Artist 3 – Title 3' });
    expect(item.textContent).toContain('Your suggestion');
    expect(within(item).queryByRole('group', { name: /Your vote/ })).toBeNull();
    within(item).getByLabelText('1 confirm, 0 reject');
    await user.click(
      within(item).getByRole('button', { name: 'Withdraw your suggestion Artist 3 – Title 3' }),
    );
    await waitFor(() => expect(suggestion('Artist 3 – Title 3').textContent).toContain('Withdrawn'));
    expect(within(suggestion('Artist 3 – Title 3')).queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('shows a decided suggestion with its outcome and counts, without a vote', async () => {
    const proposals = [
      makeIdentification(4, {
        status: 'rejected',
        reject_count: 3,
        decided_dt: new Date(Date.now() - 60_000).toISOString(),
      }),
    ];
    renderPanel(suggestionsApi(proposals));
    const item = await screen.findByRole('listitem', { name: 'Artist 4 – Title 4' });
    expect(item.textContent).toContain('Rejected');
    expect(within(item).queryByRole('button')).toBeNull();
    within(item).getByLabelText('0 confirm, 3 reject');
  });

  it('says when to vote again after the rate limit, and that a suggestion was decided meanwhile', async () => {
    const proposals = [makeIdentification(5), makeIdentification(6)];
    const { user } = renderPanel(
      suggestionsApi(proposals, (request) => {
        if (request.path === '/identifications/5/vote')
          return { ...apiError(429, 'Too many votes'), headers: { 'retry-after': '240' } };
        if (request.path === '/identifications/6/vote') return apiError(409, 'This suggestion is decided');
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm Artist 5 – Title 5' }));
    expectShown(
      await screen.findByText('You have voted many times in a short time. Try again in 4 minutes.'),
    );
    await user.click(screen.getByRole('button', { name: 'Reject Artist 6 – Title 6' }));
    await screen.findByText('This suggestion was decided meanwhile.');
  });
});
