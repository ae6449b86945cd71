// A link a person types and the API stores (a suggestion's store link, a profile's link): http(s)
// only, kept in one canonical form that every reader of it accepts.
//
// Browsers' URL parsing (WHATWG) accepts far more than RFC 3986: spaces, quotes, `<`, `|`, a second
// `#`, a stray `%`. The responses' schemas check a link as an RFC 3986 URI (JSON Schema's `uri`
// format), so a link stored as typed could be written once and then break every read that returns it.
// A link is therefore parsed, rebuilt from its parts and percent-encoded where RFC 3986 requires
// (`https://example.com/a b` is stored as `https://example.com/a%20b`), and refused when even that
// form is not a valid address (docs/api-conventions.md "Links").
import { z } from 'zod';
import { httpUrl } from './common';

// The WHATWG URL parser that browsers and Node both have (the contract compiles without DOM or Node
// types): only the parts read here.
declare const URL: new (
  input: string,
) => Record<
  'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash',
  string
>;

// RFC 3986's unreserved and sub-delims characters, the pieces every component is made of.
const UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED_SUB}:@]|${PCT})`;

/** An absolute http(s) URI as RFC 3986 writes it (IPv6 hosts in brackets). */
const RFC3986_HTTP = new RegExp(
  `^https?://(?:(?:[${UNRESERVED_SUB}:]|${PCT})*@)?` +
    `(?:\\[[0-9A-Fa-f:.]+\\]|(?:[${UNRESERVED_SUB}]|${PCT})*)(?::[0-9]*)?` +
    `(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

// What each component may hold without encoding (the `%` of a valid escape is kept separately).
const USERINFO_OK = new RegExp(`[${UNRESERVED_SUB}]`);
const HOST_OK = new RegExp(`[${UNRESERVED_SUB}]`);
const PATH_OK = new RegExp(`[${UNRESERVED_SUB}:@/]`);
const QUERY_OK = new RegExp(`[${UNRESERVED_SUB}:@/?]`);

/** Percent-encodes (as UTF-8) every character of `text` that `ok` does not allow; keeps valid %XX. */
function encode(text: string, ok: RegExp): string {
  let out = '';
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] as string;
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) out += ch;
    else if (ch.length === 1 && ok.test(ch)) out += ch;
    else out += encodeURIComponent(ch);
  }
  return out;
}

/**
 * The canonical form of an http(s) link, or undefined when `value` is no http(s) address at all.
 * Surrounding spaces are dropped; the host is lower-cased (and punycoded) as browsers do.
 */
export function normaliseHttpLink(value: string): string | undefined {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  try {
    const password = url.password ? `:${encode(url.password, USERINFO_OK)}` : '';
    const userinfo = url.username || url.password ? `${encode(url.username, USERINFO_OK)}${password}@` : '';
    const host = url.hostname.startsWith('[') ? url.hostname : encode(url.hostname, HOST_OK);
    const port = url.port ? `:${url.port}` : '';
    const search = url.search ? `?${encode(url.search.slice(1), QUERY_OK)}` : '';
    const hash = url.hash ? `#${encode(url.hash.slice(1), QUERY_OK)}` : '';
    return `${url.protocol}//${userinfo}${host}${port}${encode(url.pathname, PATH_OK)}${search}${hash}`;
  } catch {
    // encodeURIComponent refuses a lone surrogate; a parsed URL has none, but a refusal beats a throw
    return undefined;
  }
}

/** Whether `value` is a link in the form the API stores: http(s), canonical, valid under RFC 3986. */
export function isStoredHttpLink(value: string): boolean {
  return RFC3986_HTTP.test(value) && httpUrl.safeParse(value).success;
}

/**
 * A stored http(s) link of at most `max` characters (counted after normalising): the request's value
 * becomes its canonical form; anything that is no http(s) address answers 422 with `message`.
 * `emptyAllowed` lets '' through as it is (a form's cleared field).
 */
export function httpLink(
  max: number,
  message: string,
  options: { tooLong?: string; emptyAllowed?: boolean } = {},
) {
  const empty = (value: string) => options.emptyAllowed === true && value.trim() === '';
  return z
    .string()
    .overwrite((value) => (empty(value) ? '' : (normaliseHttpLink(value) ?? value)))
    .refine((value) => (value === '' ? empty(value) : isStoredHttpLink(value)), message)
    .refine((value) => value.length <= max, options.tooLong ?? `Link must be at most ${max} characters`)
    .meta({ format: 'uri', maxLength: max, description: 'An http(s) address, stored percent-encoded.' });
}
