// spec §3 "Stored browser values": the names are the spec's, so sessions survive a reload.
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  tokenExpiry: 'tokenExpiry',
  next: 'next',
} as const;

// localStorage can throw (storage disabled, quota, some private modes): the app must still run.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session simply will not persist.
  }
}

export function readAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function clearTokens(): void {
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.tokenExpiry, null);
}

/** spec §2: the protected location a visitor asked for (path + query + hash), used after sign-in. */
export function storeNextLocation(location: string): void {
  write(STORAGE_KEYS.next, location);
}

export function readNextLocation(): string | null {
  return read(STORAGE_KEYS.next);
}

/** Returns the stored next location once and forgets it, so a later sign-in does not reuse it. */
export function takeNextLocation(): string | null {
  const next = read(STORAGE_KEYS.next);
  write(STORAGE_KEYS.next, null);
  // Only same-site paths: a crafted value must never send someone to another origin.
  return next?.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function clearNextLocation(): void {
  write(STORAGE_KEYS.next, null);
}
