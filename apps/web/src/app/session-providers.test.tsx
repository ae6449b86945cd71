import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../features/auth';
import { makeUser } from '../test/factories';
import { renderWithProviders } from '../test/render';
import { AppProviders } from './providers';
import { appQueryClient } from './query-client';
import { SessionProviders } from './session-providers';

function LogoutButton() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={() => void logout()}>
      Log out
    </button>
  );
}

let seen: QueryClient | undefined;
function ClientProbe() {
  seen = useQueryClient();
  return null;
}

describe('the signed-in session’s data', () => {
  it('is forgotten on logout: the next person on this browser sees nothing of the last one', async () => {
    const { client, user } = renderWithProviders(<LogoutButton />, { session: makeUser() });
    client.setQueryData(['notifications', 'unread'], { count: 3 });
    client.setQueryData(['queue'], [{ set_id: 7 }]);
    expect(client.getQueryCache().getAll()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(client.getQueryCache().getAll()).toHaveLength(0));
  });

  it('keeps the client provided around it (tests, nested frames) instead of making another', () => {
    const outer = new QueryClient();
    renderWithProviders(
      <SessionProviders>
        <ClientProbe />
      </SessionProviders>,
      { session: makeUser(), queryClient: outer },
    );
    expect(seen).toBe(outer);
  });

  it('uses the app’s one client when nothing is provided, so the cache outlives the frame', async () => {
    const signedIn = async () => makeUser();
    for (let visit = 0; visit < 2; visit += 1) {
      seen = undefined;
      const view = render(
        <AppProviders loadSession={signedIn}>
          <SessionProviders>
            <ClientProbe />
          </SessionProviders>
        </AppProviders>,
      );
      await waitFor(() => expect(seen).toBe(appQueryClient()));
      view.unmount();
    }
  });
});
