// How an upload's progress reads: '312 MB of 1.2 GB', '4.1 MB/s', 'about 3 min left'. Sizes are the
// contract's formatBytes, from its zod-free module (My sets and the set page load this one).
import { formatBytes } from '@cratedig/contract/publish-limits';

/** A count as people read sizes: 4 GB, 512 MB. */
export const bytesText = formatBytes;

/** 'about 3 min left', 'about 1 h 5 min left', 'a few seconds left'. */
export function timeLeftText(seconds: number): string {
  if (seconds < 20) return 'a few seconds left';
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${h} h${m ? ` ${m} min` : ''} left`;
}

/** '312 MB of 1.2 GB · 38 %' */
export function sentText(sent: number, total: number): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return `${bytesText(sent)} of ${bytesText(total)} · ${percent} %`;
}

/** '1:02:03' or '58 min' for a recording's length in seconds. */
export function lengthText(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${Math.max(1, m)} min`;
}
