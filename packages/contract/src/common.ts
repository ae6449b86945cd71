// Building blocks every aggregate shares: wire scalars (docs/api-conventions.md), list envelopes,
// the error shape, path params and the list query.
import { z } from 'zod';
import {
  DEFAULT_SORTS,
  GENRES,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  ORDER_DIRECTIONS,
  SORTS,
  type SortList,
} from './constants';

// PostgreSQL `integer` ids: a larger value would make the database throw instead of answering 404.
const PG_INT_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------------
// Strings

// C0 controls and DEL. PostgreSQL text cannot hold NUL at all, and no name, address or token contains
// the others; multi-line texts keep tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_CHARACTERS_G = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
export const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters.';

/** A one-line string that is stored or compared: no control characters (422). */
export function line(max: number) {
  return z.string().max(max).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
}

/** A multi-line text that is stored (about me, comments): tabs and line breaks, no other controls. */
export function multiLineText(max: number) {
  return z.string().max(max).regex(NO_CONTROL_CHARACTERS_BUT_LINES, CONTROL_CHARACTERS_MESSAGE);
}

/** A database id as it travels in bodies and responses. */
export const id = z.number().int().positive().max(PG_INT_MAX);

/** A count or other non-negative whole number (likes, set_count, ...). */
export const count = z.number().int().nonnegative();

/** docs/api-conventions.md: release_date and other calendar dates as YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** docs/api-conventions.md: instants (created_dt, timestamp, read_dt) as ISO 8601 in UTC ('Z'). */
export const instant = z.iso.datetime();

/**
 * docs/api-conventions.md: start_time, end_time, current_timestamp, set_timestamp are seconds, fractions
 * allowed.
 */
export const seconds = z
  .number()
  .nonnegative()
  .meta({ description: 'Seconds, fractions allowed (e.g. 45.37); stored as sent.' });

/**
 * docs/api-conventions.md: images and audio are site-relative `/media/...` paths or absolute http(s) URLs;
 * the client prefixes relative ones with the site address and falls back to the default artwork when null.
 */
export const mediaUrl = z
  .string()
  .regex(/^(\/media\/\S+|https?:\/\/\S+)$/, 'Must be a /media/... path or an http(s) URL')
  .meta({ id: 'MediaUrl' });
export type MediaUrl = z.infer<typeof mediaUrl>;

/**
 * An external link (purchase_url, artist socials): absolute http(s) only, never javascript: etc., and
 * no space inside (a browser would cut the link there; spaces around it are trimmed).
 */
export const httpUrl = z
  .url({ protocol: /^https?$/ })
  .refine((link) => !/\s/.test(link), 'Must be a link without spaces (write %20 for a space in it)');

/** `{id, name}`: how artists, labels and festivals are referenced inside other entities. */
export const namedRef = z.object({ id, name: z.string() }).meta({ id: 'NamedRef' });
export type NamedRef = z.infer<typeof namedRef>;

// ---------------------------------------------------------------------------------------------------
// Lists

/**
 * A list with a `search` counts its matches only up to this many: past it, `total` is the cap and
 * `total_capped` is true ("at least 10,000"), so no search costs more than counting this far.
 */
export const LIST_TOTAL_CAP = 10_000;

/** docs/api-conventions.md Pagination object; `count` is the number of items in this page. */
export const pagination = z
  .object({
    offset: count,
    count,
    total: count,
    total_capped: z
      .literal(true)
      .optional()
      .meta({
        description: `Present when the matches were counted only up to ${LIST_TOTAL_CAP}: total is then a lower bound, and Load More shows while a page comes back full.`,
      }),
  })
  .meta({
    id: 'Pagination',
    description: 'Load More shows while offset + count < total, or while total_capped.',
  });
export type Pagination = z.infer<typeof pagination>;

/** docs/api-conventions.md: every list answers `{data, pagination}`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination });
}
export type ListResponse<T> = { data: T[]; pagination: Pagination };

// ---------------------------------------------------------------------------------------------------
// Errors

/** Field name → messages, as under `errors.json` / `errors.query`. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;

/**
 * docs/api-conventions.md: every 4xx/5xx answers this shape. Body errors sit under `errors.json`, query
 * errors under `errors.query`; path parameter errors (e.g. /sets/abc) under `errors.params`.
 * `request_id` lets a person quote a 5xx (docs/web-app.md: 'Request failed' with a request id).
 */
export const errorShape = z
  .object({
    code: z.number().int().min(400).max(599),
    status: z.string(),
    message: z.string(),
    errors: z
      .object({ json: fieldErrors.optional(), query: fieldErrors.optional(), params: fieldErrors.optional() })
      .optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorShape = z.infer<typeof errorShape>;

// ---------------------------------------------------------------------------------------------------
// Request pieces. Path and query values arrive as strings and are parsed strictly.

/**
 * A positive integer id in a path, e.g. `/sets/{id}`: decimal digits only, no sign, no leading zero,
 * within PostgreSQL's integer. `0x1F`, `+1`, `01`, ` 1` or `1e3` name nothing, so they answer 404.
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number.')
  .transform(Number)
  .pipe(z.number().max(PG_INT_MAX, 'Must be a positive whole number.'));

/** `{id}` path params. */
export const idParams = z.object({ id: idParam });
export type IdParams = z.infer<typeof idParams>;

/** Treats `''` (an empty query parameter) as absent, so `?genre=` means "All". */
function emptyAsAbsent<T extends z.ZodType<string, string>>(schema: T) {
  return z.codec(z.union([schema, z.literal('')]), schema.optional(), {
    // The casts only restate the union's members: TypeScript cannot narrow a generic union itself.
    decode: (v) => (v === '' ? undefined : v) as z.input<T> | undefined,
    encode: (v) => (v ?? '') as z.output<typeof schema> & z.output<z.ZodLiteral<''>>,
  });
}

/** docs/catalogue.md: followed_filter is `true` or empty. */
export const followedFilter = z.stringbool({ truthy: ['true'], falsy: ['', 'false'] });

/**
 * A whole number in a query string, written in decimal digits (`limit=20`, not `0x14` or `2e1`),
 * between `min` and `max`.
 */
export function wholeNumberParam(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Must be a whole number.')
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

export const limitParam = (defaultLimit: number = LIST_LIMIT_DEFAULT) =>
  wholeNumberParam(1, LIST_LIMIT_MAX).default(defaultLimit);
export const offsetParam = wholeNumberParam(0, PG_INT_MAX).default(0);
/**
 * A search string. Control characters (NUL, escapes) cannot be typed into a search box and PostgreSQL
 * text cannot hold NUL: they are removed rather than refused, so a pasted search still finds something.
 */
export const searchParam = emptyAsAbsent(
  z
    .string()
    .max(200)
    .overwrite((value) => value.replace(CONTROL_CHARACTERS_G, '').trim()),
);
export const genreParam = emptyAsAbsent(z.enum(GENRES));
/** docs/api-conventions.md: keyset cursor, e.g. the name/title of the last item (search) or a created_dt. */
export const afterParam = z.string().max(200).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** One of the prefixed order_by values whitelisted for a list, e.g. 'set_meta.release_date'. */
export type SortField<L extends SortList> = Extract<(typeof SORTS)[L][keyof (typeof SORTS)[L]], string>;

/** The whitelisted prefixed order_by values of one list (docs/api-conventions.md). */
export function orderByValues<L extends SortList>(list: L): [SortField<L>, ...SortField<L>[]] {
  return Object.values(SORTS[list]) as [SortField<L>, ...SortField<L>[]];
}

/**
 * The query of a catalogue list (`GET /sets`, `/tracks`, `/artists`, ...): limit, offset, order_by
 * (only the list's whitelisted fields), order_direction, search, genre, followed_filter and after,
 * defaulting to the list's default sort of docs/catalogue.md.
 */
export function listQuery<L extends SortList>(list: L) {
  const defaults = DEFAULT_SORTS[list];
  return z.object({
    limit: limitParam(),
    offset: offsetParam,
    order_by: z.enum(orderByValues(list)).default(defaults.order_by as SortField<L>),
    order_direction: z.enum(ORDER_DIRECTIONS).default(defaults.order_direction),
    search: searchParam.optional(),
    genre: genreParam.optional(),
    followed_filter: followedFilter.optional(),
    after: afterParam.optional(),
  });
}
export type ListQuery<L extends SortList = SortList> = z.output<ReturnType<typeof listQuery<L>>>;
