// Parsers of single settings for config.ts's schema: blank means unset, whole numbers, durations, URLs.
import { z } from 'zod';

// An empty variable (`PORT=` in a shell or .env file) means "not set", so its default applies.
export const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** A positive whole number setting of a rate limit (a count or a window in seconds). */
export function limitVar(fallback: number) {
  return blankIsUnset(
    z.coerce
      .number({ error: 'must be a positive whole number' })
      .int('must be a positive whole number')
      .min(1, 'must be a positive whole number')
      .default(fallback),
  );
}

/** A duration in milliseconds; 0 turns the limit off. */
export function millisecondsVar(fallback: number) {
  return blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds (0 for no limit)' })
      .int('must be a whole number of milliseconds (0 for no limit)')
      .min(0, 'must be a whole number of milliseconds (0 for no limit)')
      .max(86_400_000, 'must be at most 86400000 (a day)')
      .default(fallback),
  );
}

export function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
