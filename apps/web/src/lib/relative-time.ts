// "3 minutes ago" for comment and notification times, in English like the rest of the UI.
// Made on first use: building an Intl formatter loads locale data, which a first screen need not wait for.
let format: Intl.RelativeTimeFormat | undefined;

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function relativeTime(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(value)) return '';
  // A clock a little ahead of the server's must not say "in 2 seconds".
  if (value > -45 && value < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) {
      format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return format.format(Math.round(value), unit);
    }
    value /= size;
  }
  return '';
}
