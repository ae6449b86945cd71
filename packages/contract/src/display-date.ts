// How a date reads wherever the product shows one: '3 Mar 2024'. Read in UTC so a date never shifts
// with the reader's time zone.
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' or an ISO instant as '3 Mar 2024'; null when there is none or it is not a date. */
export function displayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}
