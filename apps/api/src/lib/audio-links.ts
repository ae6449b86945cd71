// Signed audio links: audio is reached only through a link signed for one user that expires. A set's
// mp3_permalink is its /media/audio/… path plus `?u={userId}&exp={unix s}&sig={base64url HMAC-SHA256
// over "path|u|exp"}`. It stays a /media path so the contract's mediaUrl (and the client's
// site-address prefixing) hold unchanged; the player's audio route owns /media/audio/sets/* and
// refuses anything unsigned. An <audio> element sends no bearer token, hence a capability in the URL.
// Every module that answers sets signs them here, in its service, for the signed-in caller.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AppConfig, resolveJwtSecret } from '../config';

/** Whom a link is signed for and with which settings (a service's UserContext is one). */
export interface LinkSigner {
  config: AppConfig;
  userId: number;
}

/**
 * Set audio lives here (db/seed demo-catalogue audioPath, sets.audio_path). Everything below it is
 * reachable only through a signed link; the rest of /media (artwork) stays public.
 */
export const AUDIO_PREFIX = '/media/audio/sets/';
/**
 * Expiries are rounded up to this step so that re-fetching a set within it gives the same URL: a
 * client that compares src does not reload a playing <audio> for a fresh-but-equal link.
 */
const EXPIRY_STEP_S = 15 * 60;

const keys = new WeakMap<AppConfig, Buffer>();

/** The HMAC key: AUDIO_LINK_SECRET, else derived from the access-token key (config.ts). */
function linkKey(config: AppConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = config.audioLinks.secret
      ? Buffer.from(config.audioLinks.secret)
      : createHmac('sha256', resolveJwtSecret(config)).update('cratedig audio links v1').digest();
    keys.set(config, key);
  }
  return key;
}

function signature(config: AppConfig, path: string, userId: string, exp: string): Buffer {
  return createHmac('sha256', linkKey(config)).update(`${path}|${userId}|${exp}`).digest();
}

/**
 * The mp3_permalink of `audioPath` (sets.audio_path) for `userId`. Paths outside /media/audio/
 * (absolute CDN URLs) are returned as they are: their host does its own access control.
 */
export function signAudioUrl(
  config: AppConfig,
  userId: number,
  audioPath: string,
  nowMs = Date.now(),
): string {
  if (!audioPath.startsWith(AUDIO_PREFIX)) return audioPath;
  const earliest = Math.floor(nowMs / 1000) + config.audioLinks.ttlS;
  const exp = String(Math.ceil(earliest / EXPIRY_STEP_S) * EXPIRY_STEP_S);
  const u = String(userId);
  const sig = signature(config, audioPath, u, exp).toString('base64url');
  return `${audioPath}?u=${u}&exp=${exp}&sig=${sig}`;
}

/** `signAudioUrl` over a set-shaped object's mp3_permalink (lists, details, queue items). */
export function signSetAudio<T extends { mp3_permalink: string | null }>(ctx: LinkSigner, set: T): T {
  return set.mp3_permalink === null
    ? set
    : { ...set, mp3_permalink: signAudioUrl(ctx.config, ctx.userId, set.mp3_permalink) };
}

export type LinkCheck = { ok: true; userId: number; expiresAt: number } | { ok: false; reason: string };

/** Checks a link's query against its path: signature (timing-safe) first, then expiry. */
export function verifyAudioLink(
  config: AppConfig,
  path: string,
  query: { u?: string | undefined; exp?: string | undefined; sig?: string | undefined },
  nowMs = Date.now(),
): LinkCheck {
  const { u, exp, sig } = query;
  if (!u || !exp || !sig) return { ok: false, reason: 'This audio link is not signed.' };
  // Canonical decimal only, so "007" or "7.0" cannot pass as another spelling of a signed value.
  if (!/^[1-9]\d{0,9}$/.test(u) || !/^[1-9]\d{0,11}$/.test(exp)) {
    return { ok: false, reason: 'This audio link is not valid.' };
  }
  // Compared as text, not decoded: a decoder ignores stray characters, so another spelling could pass.
  const expected = Buffer.from(signature(config, path, u, exp).toString('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'This audio link is not valid.' };
  }
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= nowMs) return { ok: false, reason: 'This audio link has expired.' };
  return { ok: true, userId: Number(u), expiresAt };
}

/** `signSetAudio` over every set of a `{data, pagination}` page. */
export function signSetPage<T extends { mp3_permalink: string | null }, P extends { data: T[] }>(
  ctx: LinkSigner,
  page: P,
): P {
  return { ...page, data: page.data.map((set) => signSetAudio(ctx, set)) };
}
