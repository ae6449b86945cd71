/**
 * The next-location helpers the route guards use, on top of the transport's token storage (spec §3
 * "Stored browser values": one set of keys, one owner: src/api/token-storage.ts).
 */
import { getApi } from '../../api/transport';

export { STORAGE_KEYS } from '../../api/token-storage';

/** spec §2: the protected location a visitor asked for (path + query + hash), used after sign-in. */
export function storeNextLocation(location: string): void {
  getApi().tokens.storage.setNext(location);
}

/** The stored next location if it is a same-site path; a crafted value must never leave the site. */
export function readNextLocation(): string | null {
  return safeLocation(getApi().tokens.storage.getNext());
}

export function clearNextLocation(): void {
  getApi().tokens.storage.takeNext();
}

export function safeLocation(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}
