import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

describe('formatDate', () => {
  it('writes every month as en-GB does, read in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2024, month, month + 1));
      expect(formatDate(date.toISOString().slice(0, 10))).toBe(intl.format(date));
    }
    expect(formatDate('2024-09-30')).toBe('30 Sept 2024');
    // an instant late in the evening west of Greenwich is still the next day in UTC
    expect(formatDate('2024-12-31T23:30:00-05:00')).toBe('1 Jan 2025');
  });

  it('says a date is unknown with a dash', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatNumber', () => {
  it('writes counts as en-GB does', () => {
    const intl = new Intl.NumberFormat('en-GB');
    const values = [0, 1, 7, 12, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890];
    for (const value of [...values, ...values.slice(1).map((v) => -v), 1.5, 2.25, 1234.5678, 0.0004, -0.5]) {
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
    }
  });
});
