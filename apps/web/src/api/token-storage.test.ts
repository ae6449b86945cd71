import { describe, expect, it } from 'vitest';
import { createTokenStorage, onTokensRemovedElsewhere } from './token-storage';

// jsdom's real localStorage; the shared test setup clears it after each test.
describe('stored browser values (docs/accounts.md)', () => {
  it('keeps accessToken, refreshToken, tokenExpiry and next under exactly those keys', () => {
    const storage = createTokenStorage();
    storage.saveTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: 1_740_830_400_000 });
    storage.setNext('/sets?genre=Techno#top');
    expect({ ...window.localStorage }).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      tokenExpiry: '1740830400000',
      next: '/sets?genre=Techno#top',
    });
    expect(storage.read()).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 1_740_830_400_000 });
  });

  it('keeps the refresh token when a save leaves it out, and removes it when given null', () => {
    const storage = createTokenStorage();
    storage.saveTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: 1 });
    storage.saveTokens({ accessToken: 'b', expiresAt: 2 });
    expect(storage.read().refreshToken).toBe('r');
    storage.saveTokens({ accessToken: 'c', refreshToken: null, expiresAt: null });
    expect(storage.read()).toEqual({ accessToken: 'c', refreshToken: null, expiresAt: null });
  });

  it('clears the tokens but keeps next, and takes next only once', () => {
    const storage = createTokenStorage();
    storage.saveTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: 1 });
    storage.setNext('/profile');
    storage.clearTokens();
    expect(storage.read()).toEqual({ accessToken: null, refreshToken: null, expiresAt: null });
    expect(storage.takeNext()).toBe('/profile');
    expect(storage.takeNext()).toBeNull();
  });

  it('removes only the access token on provider sign-out', () => {
    const storage = createTokenStorage();
    storage.saveTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: 1 });
    storage.clearAccessToken();
    expect(storage.read()).toEqual({ accessToken: null, refreshToken: 'r', expiresAt: null });
  });
});

describe('a logout in another tab', () => {
  const storageEvent = (key: string | null, newValue: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));

  it('is heard when the access token is removed or the storage cleared, not when it is refreshed', () => {
    const heard: string[] = [];
    const stop = onTokensRemovedElsewhere(() => heard.push('signed out'));
    storageEvent('accessToken', 'a fresh token');
    storageEvent('next', null);
    expect(heard).toEqual([]);
    storageEvent('accessToken', null);
    storageEvent(null, null);
    expect(heard).toEqual(['signed out', 'signed out']);
    stop();
    storageEvent('accessToken', null);
    expect(heard).toHaveLength(2);
  });
});
