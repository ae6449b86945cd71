import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setWaiting } from './service-worker';
import { UpdatePrompt } from './update-prompt';

describe('a new version of the app', () => {
  it('is offered, not switched to: Reload applies it', async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();

    const apply = vi.fn();
    act(() => setWaiting(apply));
    const prompt = await screen.findByRole('status');
    expect(prompt.textContent).toBe('A new version of Cratedig is ready —Reload');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);

    act(() => setWaiting(null));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
