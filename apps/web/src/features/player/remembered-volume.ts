// The player's volume is remembered across reloads, in localStorage under VOLUME_KEY (0–1).
import { PLAYER } from '@cratedig/contract/constants';

export type VolumeStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const VOLUME_KEY = 'playerVolume';

/**
 * The volume kept between 0 and 1 and rounded to hundredths: steps of 0.1 add up to values such as
 * 0.7000000000000001, which the slider would announce and the next page load would read back.
 */
export function clampVolume(volume: number): number {
  const clamped = Math.min(PLAYER.volumeMax, Math.max(PLAYER.volumeMin, volume));
  return Math.round(clamped * 100) / 100;
}

/** The remembered volume; the default when none (or nothing readable) is stored. */
export function readVolume(storage: VolumeStorage | null): number {
  const raw = storage?.getItem(VOLUME_KEY) ?? null;
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? clampVolume(value) : PLAYER.volumeDefault;
}

export function rememberVolume(storage: VolumeStorage | null, volume: number): void {
  try {
    storage?.setItem(VOLUME_KEY, String(volume));
  } catch (error) {
    // Private mode or a full quota: the volume then lasts as long as the page.
    console.warn('could not remember the volume', error);
  }
}

/** The page's localStorage, or null where there is none (or it may not be used). */
export function browserStorage(): VolumeStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
