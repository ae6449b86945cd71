// Generators of hostile requests for any operation of the OpenAPI document: wrong types, out-of-range
// and fractional numbers, NUL and other control characters, very long strings, malformed JSON,
// impossible dates and cursors, loosely written ids. Values are drawn from the operation's own
// parameters and body schema, so a route added later is covered without being listed anywhere.
import { encodeCursor } from '@cratedig/contract/catalogue-api';
import fc from 'fast-check';

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

export interface GeneratedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const CONTROL = ['\u0000', 'a\u0000b', '\u0001', '\u0008', '\u001b[31m', '\u007f', 'x\u0000'];
const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\ud800',
  '💿🎧',
  "'; drop table users; --",
  '%',
  '%00',
  '../..',
  '<b>',
];
const BAD_DATES = [
  '2024-02-30',
  '0000-01-01',
  '2024-13-01',
  '10000-01-01',
  '2024-02-30T00:00:00Z',
  '1',
  '-1',
  '1.5',
];
const NUMBERS = [0, -1, 1.5, 0.001, 45.37, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e308, -1e308];
/** Ids as a path could carry them: only a positive decimal integer within int4 names anything. */
const PATH_IDS = [
  '0x1F',
  '+1',
  '01',
  ' 1',
  '1 ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
];

const longString = fc.constantFrom('x'.repeat(201), 'y'.repeat(2001), 'z'.repeat(20_000), 'é'.repeat(300));

/** Strings a client should never be able to turn into a 5xx. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONTROL), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...BAD_DATES), weight: 2 },
  { arbitrary: longString, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), weight: 1 },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** base64url JSON cursors whose value or id cannot name a row: impossible dates, ids past int4. */
const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom<string | number | null>(...BAD_DATES, null, 1.5, -1, 2 ** 40), hostileString),
      fc.constantFrom(1, 0, 2 ** 31, 2 ** 53, 1e30),
    )
    .map(([value, id]) => encodeCursor(value, id)),
  fc.constantFrom('W10', 'bnVsbA', 'WzEsMiwzXQ', '!!!', 'e30'),
);

/** Any JSON value of the wrong kind, for a field or a whole body. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 'a'], { $gt: '' }),
);

/** Percent-encodes like a client would; a lone surrogate becomes its (invalid) WTF-8 bytes. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0001')).replaceAll('%01', '%ED%A0%80');
  }
}

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth++) {
    const name = current.$ref.split('/').pop() ?? '';
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** A value the schema accepts, or near enough to pass the first checks and reach the service. */
function plausible(
  schemaRef: JsonSchema | undefined,
  doc: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(schemaRef, doc);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0 && depth < 4) {
    return fc.oneof(...variants.map((variant) => plausible(variant, doc, depth + 1)));
  }
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.constantFrom(1, 2, 3, schema.minimum ?? 1);
    case 'number':
      return fc.constantFrom(0, 1.5, 45.37, 0.001, 3600);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth < 4
        ? fc.array(plausible(schema.items, doc, depth + 1), { maxLength: 3 })
        : fc.constant([]);
    case 'object':
      return depth < 4 ? bodyObject(schema, doc, depth + 1) : fc.constant({});
    case 'string':
      if (schema.format === 'email') return fc.constantFrom('someone@example.test', 'A@b.test');
      if (schema.format === 'uri')
        return fc.constantFrom('https://soundcloud.com/someone', 'https://x.test/a');
      if (schema.format === 'date') return fc.constantFrom('2024-05-01');
      if (schema.format === 'date-time') return fc.constantFrom('2024-05-01T10:00:00Z');
      return fc.constantFrom('hello', 'Techno', 'someone', '1');
    default:
      return fc.constantFrom('1', 1, null);
  }
}

/** An object of the schema's fields, each plausible or hostile, some left out. */
function bodyObject(schema: JsonSchema, doc: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, fieldSchema] of fields) {
    record[name] = fc.oneof(
      { arbitrary: plausible(fieldSchema, doc, depth), weight: 2 },
      { arbitrary: wrongValue, weight: 2 },
    );
  }
  return fc.record(record, { requiredKeys: [] });
}

function requestBody(operation: Operation, doc: OpenApiDocument): fc.Arbitrary<string | undefined> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const malformed = fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"text": "\\u0000"}', '"\\ud800"', '');
  if (!schema) return fc.oneof(fc.constant(undefined), malformed);
  const resolved = resolve(schema, doc);
  return fc.oneof(
    { arbitrary: bodyObject(resolved, doc, 0).map((value) => JSON.stringify(value)), weight: 6 },
    { arbitrary: wrongValue.map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: malformed, weight: 1 },
  );
}

function queryValue(
  schemaRef: JsonSchema | undefined,
  name: string,
  doc: OpenApiDocument,
): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: plausible(schemaRef, doc).map((value) => String(value)), weight: 2 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: hostileNumber.map(String), weight: 1 },
    { arbitrary: name === 'after' ? hostileCursor : fc.constantFrom('1', '-1', '1.5'), weight: 2 },
  );
}

function pathValue(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...PATH_IDS).map(encode), weight: 3 },
    { arbitrary: fc.constantFrom('1', '2', '3'), weight: 2 },
    { arbitrary: hostileString.map(encode), weight: 2 },
    // Malformed percent-encoding and a parameter past the router's length limit.
    { arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', 'a'.repeat(150)), weight: 1 },
  );
}

export interface Credentials {
  bearer: string;
  username: string;
  password: string;
}

function authorization(credentials: Credentials): fc.Arbitrary<string | undefined> {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return fc.oneof(
    { arbitrary: fc.constant(`Bearer ${credentials.bearer}`), weight: 6 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.tuple(hostileString, hostileString).map(([u, p]) => basic(u, p)), weight: 1 },
    { arbitrary: hostileString.map((p) => basic(credentials.username, p)), weight: 1 },
    { arbitrary: fc.constantFrom('Bearer x y', 'Basic %%%', 'Bearer '), weight: 1 },
  );
}

/** Requests for one operation: its path and query parameters, body and credentials, mostly hostile. */
export function requestsFor(
  path: string,
  method: string,
  operation: Operation,
  doc: OpenApiDocument,
  credentials: Credentials,
): fc.Arbitrary<GeneratedRequest> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map(() => pathValue()));
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema, p.name, doc)])),
    { requiredKeys: [] },
  );
  return fc
    .tuple(pathArb, queryArb, requestBody(operation, doc), authorization(credentials))
    .map(([values, query, body, auth]) => {
      let url = path;
      pathParams.forEach((param, i) => {
        url = url.replace(`{${param.name}}`, values[i] ?? '1');
      });
      const search = Object.entries(query as Record<string, string>)
        .map(([key, value]) => `${key}=${encode(value)}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.authorization = auth;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return {
        method: method.toUpperCase() as GeneratedRequest['method'],
        url: search ? `${url}?${search}` : url,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      };
    });
}
