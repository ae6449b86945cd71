import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpUrl } from './common';
import { httpLink, isStoredHttpLink, normaliseHttpLink } from './http-link';

const link = httpLink(500, 'Not a link');

describe('a stored link', () => {
  it.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    [' https://example.com/a"b<c>|d^e`f{g}h ', 'https://example.com/a%22b%3Cc%3E%7Cd%5Ee%60f%7Bg%7Dh'],
    ['https://example.com/100%zz#x#y', 'https://example.com/100%25zz#x%23y'],
    ['https://EXAMPLE.com', 'https://example.com/'],
    ['https://例え.jp/パス?q=ü#ä', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%BC#%C3%A4'],
    ['http://[::1]:8080/x?a=[1]', 'http://[::1]:8080/x?a=%5B1%5D'],
    ['https://shop.example/track?id=1&ref=a%20b', 'https://shop.example/track?id=1&ref=a%20b'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(link.parse(typed)).toBe(stored);
    expect(isStoredHttpLink(stored)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'not a link',
    'https://exa mple.com',
    'ftp://example.com/x',
    '',
    '//example.com',
  ])('refuses %j', (typed) => {
    expect(link.safeParse(typed).success).toBe(false);
  });

  it('counts its length once normalised', () => {
    const typed = `https://example.com/${' '.repeat(160)}x`;
    expect(typed.length).toBeLessThan(200);
    expect(httpLink(200, 'Not a link').safeParse(typed).success).toBe(false);
  });

  it('is canonical: whatever it accepts is an RFC 3986 http(s) URI that stays as it is', () => {
    // fast-check's webUrl is slow to generate; these mix valid parts with anything a person may paste
    const part = fc.string({ unit: 'binary', maxLength: 16 });
    const typed = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', 'HTTPS://', ' https://'),
          fc.constantFrom('example.com', 'shop.example:8080', '[::1]', '例え.jp', 'u:p@host.example', 'a..b'),
          part,
          part,
          part,
        )
        .map(([scheme, host, path, query, hash]) => `${scheme}${host}/${path}?${query}#${hash}`),
      part.map((text) => `https://${text}`),
      part,
    );
    fc.assert(
      fc.property(typed, (value) => {
        const parsed = link.safeParse(value);
        if (!parsed.success) return;
        expect(isStoredHttpLink(parsed.data)).toBe(true);
        expect(httpUrl.safeParse(parsed.data).success).toBe(true);
        expect(normaliseHttpLink(parsed.data)).toBe(parsed.data);
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
