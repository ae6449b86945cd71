import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { apiError, type FakeRequest } from '../../test/fake-api';
import { DRAFT_ID, makeMySet } from '../../test/publish-fakes';
import { renderWithProviders } from '../../test/render';
import { expectShown } from '../../test/shown';
import { DetailsForm } from './details-form';
import { PUBLISH_TEXT } from './publish-messages';

describe('the details form', () => {
  it("shows the server's field errors at their fields", async () => {
    const sent: FakeRequest[] = [];
    const draft = makeMySet({ state: 'published', set_id: 4 });
    const view = renderWithProviders(
      <DetailsForm id={DRAFT_ID} initial={draft.details} artUrl={null} mode="edit" />,
      {
        api: (request) => {
          if (request.method !== 'PUT') return undefined;
          sent.push(request);
          return apiError(422, 'Validation failed', {
            venue: ['A venue name must be at most 120 characters.'],
          });
        },
        session: makeUser(),
      },
    );
    const venue = screen.getByRole('textbox', { name: 'Venue' });
    await view.user.clear(venue);
    await view.user.type(venue, 'The Warehouse Annex');
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.path).toBe(`/publish/sets/${DRAFT_ID}/details`);
    expect((sent[0]?.body as { venue?: string } | undefined)?.venue).toBe('The Warehouse Annex');
    expectShown(await screen.findByText('A venue name must be at most 120 characters.'));
    expect(venue.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps what a draft cannot save yet in the browser, and says when it will be saved', async () => {
    const sent: FakeRequest[] = [];
    const empty = makeMySet({ state: 'uploading' }).details;
    const blank = { ...empty, set_name: null, djs: [], recorded_date: null, genre: null, venue: null };
    const api = (request: FakeRequest) => {
      if (request.method === 'PUT') sent.push(request);
      return undefined;
    };
    const first = renderWithProviders(
      <DetailsForm id={DRAFT_ID} initial={blank} artUrl={null} mode="draft" />,
      {
        api,
        session: makeUser(),
      },
    );
    await first.user.type(screen.getByRole('textbox', { name: 'Set name' }), 'Half a name');
    expectShown(screen.getByText(PUBLISH_TEXT.savedOnceComplete));
    await waitFor(
      () =>
        expect(window.localStorage.getItem(`cratedig:draft-details:${DRAFT_ID}`)).toContain('Half a name'),
      {
        timeout: 4_000,
      },
    );
    expect(sent).toEqual([]);
    first.unmount();
    renderWithProviders(<DetailsForm id={DRAFT_ID} initial={blank} artUrl={null} mode="draft" />, {
      api,
      session: makeUser(),
    });
    expect((screen.getByRole('textbox', { name: 'Set name' }) as HTMLInputElement).value).toBe('Half a name');
  });
});
