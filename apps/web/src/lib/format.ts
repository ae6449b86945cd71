// Display formatting shared by every catalogue screen (docs/web-app.md card limits, display limits).
import { DISPLAY } from '@cratedig/contract/constants';

/**
 * docs/web-app.md: cut a text to `max` characters, the last one an ellipsis, so the whole stays `max` long.
 */
export function truncate(text: string, max: number = DISPLAY.cardTitleChars): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** docs/web-app.md: a like badge shows up to 999, then "999+". */
export function capCount(value: number, max: number = DISPLAY.likeBadgeMax): string {
  return value > max ? `${max}+` : String(value);
}

/** A count as words for a screen reader: '1 like', '12 likes', '999+ likes' (capped as the badge). */
export function countLabel(value: number, one: string, many = `${one}s`): string {
  return `${capCount(value)} ${value === 1 ? one : many}`;
}

/** h:mm:ss, or m:ss under an hour (set durations, track start times). Input in seconds. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A set's duration travels in milliseconds (docs/api-conventions.md). */
export function formatDurationMs(ms: number): string {
  return formatClock(ms / 1000);
}

// British short month names, as en-GB's Intl.DateTimeFormat writes them ("Sept" included). Written
// out rather than asked of Intl: a browser's first DateTimeFormat loads its time-zone data, about
// 120 ms of a slowed phone's main thread in the middle of the first screen.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' or an ISO instant as '3 Mar 2024'; '—' when unknown. Read in UTC so a date never shifts. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// Written out rather than asked of Intl.NumberFormat, for the reason of the months above: a browser's
// first number formatter loads its locale data, 60-90 ms of a slowed phone's main thread while the
// first screen's modules run. The output is en-GB's: commas every three digits, at most three
// decimals.
/** Thousands separators for counts in headers and tables: 12345 → '12,345'. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && (whole !== '0' || fraction) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** '1 set', '12 sets'. */
export function plural(value: number, noun: string): string {
  return `${formatNumber(value)} ${noun}${value === 1 ? '' : 's'}`;
}
