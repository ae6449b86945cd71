/**
 * The stored browser values of docs/accounts.md: accessToken, refreshToken, tokenExpiry and next, in
 * localStorage under exactly those keys.
 *
 *   const storage = createTokenStorage();            // window.localStorage
 *   storage.saveTokens({ accessToken, refreshToken, expiresAt });
 *   storage.read();                                  // { accessToken, refreshToken, expiresAt }
 *   storage.setNext('/sets?genre=Techno#top'); storage.takeNext();
 *
 * tokenExpiry holds the access token's expiry as milliseconds since the epoch, written as a decimal
 * string (localStorage stores strings only).
 */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  tokenExpiry: 'tokenExpiry',
  next: 'next',
} as const;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds, or null when unknown. */
  expiresAt: number | null;
}

export interface TokenStorage {
  read(): StoredTokens;
  /** Writes the given values; a refreshToken of undefined keeps the stored one, null removes it. */
  saveTokens(tokens: { accessToken: string; refreshToken?: string | null; expiresAt: number | null }): void;
  /** Removes accessToken, refreshToken and tokenExpiry (not next). */
  clearTokens(): void;
  /** Removes the access token only (docs/accounts.md step 6: provider sign-out removes accessToken). */
  clearAccessToken(): void;
  getNext(): string | null;
  setNext(location: string): void;
  /** Returns next and removes it, so it is followed once. */
  takeNext(): string | null;
}

/** The subset of the Web Storage API used here, so tests and non-browser callers can pass their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createTokenStorage(storage: KeyValueStorage = window.localStorage): TokenStorage {
  // Private mode or a full quota makes setItem throw; tokens then live only as long as the page.
  const write = (key: string, value: string) => {
    try {
      storage.setItem(key, value);
    } catch (error) {
      console.warn(`could not store ${key}`, error);
    }
  };
  return {
    read() {
      const rawExpiry = storage.getItem(STORAGE_KEYS.tokenExpiry);
      const expiresAt = rawExpiry === null ? Number.NaN : Number(rawExpiry);
      return {
        accessToken: storage.getItem(STORAGE_KEYS.accessToken) || null,
        refreshToken: storage.getItem(STORAGE_KEYS.refreshToken) || null,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : null,
      };
    },
    saveTokens({ accessToken, refreshToken, expiresAt }) {
      write(STORAGE_KEYS.accessToken, accessToken);
      if (refreshToken === null) storage.removeItem(STORAGE_KEYS.refreshToken);
      else if (refreshToken !== undefined) write(STORAGE_KEYS.refreshToken, refreshToken);
      if (expiresAt === null) storage.removeItem(STORAGE_KEYS.tokenExpiry);
      else write(STORAGE_KEYS.tokenExpiry, String(expiresAt));
    },
    clearTokens() {
      storage.removeItem(STORAGE_KEYS.accessToken);
      storage.removeItem(STORAGE_KEYS.refreshToken);
      storage.removeItem(STORAGE_KEYS.tokenExpiry);
    },
    clearAccessToken() {
      storage.removeItem(STORAGE_KEYS.accessToken);
      storage.removeItem(STORAGE_KEYS.tokenExpiry);
    },
    getNext() {
      return storage.getItem(STORAGE_KEYS.next);
    },
    setNext(location) {
      write(STORAGE_KEYS.next, location);
    },
    takeNext() {
      const next = storage.getItem(STORAGE_KEYS.next);
      storage.removeItem(STORAGE_KEYS.next);
      return next;
    },
  };
}

/**
 * Calls `listener` when another tab of this site removes the stored access token (a logout there,
 * or a session that ended for good): the browser tells every other tab through a 'storage' event.
 * Returns the function that stops listening.
 */
export function onTokensRemovedElsewhere(listener: () => void, target: Window = window): () => void {
  const handle = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    const removed = event.key === null || (event.key === STORAGE_KEYS.accessToken && event.newValue === null);
    if (removed) listener();
  };
  target.addEventListener('storage', handle);
  return () => target.removeEventListener('storage', handle);
}
