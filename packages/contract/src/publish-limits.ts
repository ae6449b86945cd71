// Publishing's limits and how sizes and lengths read, without zod: pages that only show a DJ's sets
// load this, not the schemas of publish-api.ts.

/** The defaults of the limits (each a setting of the server, docs/publishing.md "Limits"). */
export const PUBLISH_LIMITS = {
  maxFileBytes: 4 * 1024 ** 3,
  maxDurationS: 8 * 3600,
  uploadsPerDay: 5,
  bytesPerUser: 20 * 1024 ** 3,
  abandonedAfterS: 24 * 3600,
  artMaxBytes: 15 * 1024 ** 2,
  /** Artwork smaller than this on its short side is refused: it would be blurred on the set's page. */
  artMinPx: 300,
  djsMax: 4,
} as const;

/** A count as people read sizes: 4 GB, 512 MB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/** Hours and minutes of a limit: '8 hours', '1 hour 30 minutes'. */
export function formatHours(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  const hours = h ? `${h} hour${h === 1 ? '' : 's'}` : '';
  const minutes = m ? `${m} minute${m === 1 ? '' : 's'}` : '';
  return [hours, minutes].filter(Boolean).join(' ') || '0 minutes';
}
