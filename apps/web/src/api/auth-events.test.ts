import { describe, expect, it, vi } from 'vitest';
import { createAuthEvents } from './auth-events';

describe('auth events (docs/web-app.md Auth events during use)', () => {
  it('delivers tokenRefreshed and authError to their listeners until they unsubscribe', () => {
    const events = createAuthEvents();
    const refreshed: string[] = [];
    const errors: string[] = [];
    const off = events.on('tokenRefreshed', ({ accessToken }) => refreshed.push(accessToken));
    events.on('authError', ({ message }) => errors.push(message));

    events.emit('tokenRefreshed', { accessToken: 't1' });
    events.emit('authError', { message: 'Authentication expired' });
    off();
    events.emit('tokenRefreshed', { accessToken: 't2' });

    expect(refreshed).toEqual(['t1']);
    expect(errors).toEqual(['Authentication expired']);
  });

  it('keeps notifying the other listeners when one throws', () => {
    const events = createAuthEvents();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = vi.fn();
    events.on('authError', () => {
      throw new Error('broken listener');
    });
    events.on('authError', second);
    events.emit('authError', { message: 'Authentication expired' });
    expect(second).toHaveBeenCalledOnce();
    consoleError.mockRestore();
  });
});
