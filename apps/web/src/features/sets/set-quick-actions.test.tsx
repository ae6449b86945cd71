import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SetCard } from '../../components/entity-cards';
import { SetActionsProvider } from '../../components/set-actions';
import { makeSet } from '../../test/factories';
import { renderWithPlayer } from '../../test/render';
import { renderSetQuickActions } from './set-quick-actions';

describe('Play and Add to queue on set cards', () => {
  it("a card's Play plays the set and turns into Pause; Add to queue adds it", async () => {
    const { user, store, audio, backend } = renderWithPlayer(
      <SetActionsProvider render={renderSetQuickActions}>
        <SetCard set={makeSet(2)} />
      </SetActionsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Play Set 2' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(2));
    expect(audio.paused).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Pause Set 2' }));
    expect(audio.paused).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add Set 2 to the queue' }));
    await vi.waitFor(() => expect(backend.calls).toContainEqual(['addToQueue', expect.any(Number), 2]));
    await screen.findByText('Set added to queue!');
  });

  it('without the provider (public pages) a card has no controls', () => {
    renderWithPlayer(<SetCard set={makeSet(2)} />);
    expect(screen.queryByRole('button', { name: 'Play Set 2' })).toBeNull();
  });
});
