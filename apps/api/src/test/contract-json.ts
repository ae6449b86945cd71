// For the tests of SQL that builds wire JSON: the JSON must be what the contract's schema accepts AND
// carry no key the schema does not name, at any depth (zod strips unknown keys when it parses, so a
// key misspelt in SQL next to an optional one would otherwise pass unnoticed).
import { expect } from 'vitest';
import { z } from 'zod';

/** The object schema under optional/nullable/default wrappers and array items, if there is one. */
function objectIn(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodArray) return objectIn(schema.element as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return objectIn(schema.unwrap() as z.ZodType);
  return undefined;
}

/** Paths of keys in `json` that `schema` does not name ("set_tracks.0.track_meta.colour"). */
export function unknownKeys(json: unknown, schema: z.ZodType, path = ''): string[] {
  if (Array.isArray(json)) return json.flatMap((item, i) => unknownKeys(item, schema, `${path}${i}.`));
  const object = objectIn(schema);
  if (!object || json === null || typeof json !== 'object') return [];
  return Object.entries(json as Record<string, unknown>).flatMap(([key, value]) => {
    const field = object.shape[key] as z.ZodType | undefined;
    if (!field) return [`${path}${key}`];
    return unknownKeys(value, field, `${path}${key}.`);
  });
}

/** Asserts `json` parses with `schema` and names no key the schema does not. */
export function expectContract(json: unknown, schema: z.ZodType): void {
  expect(json).toEqual(expect.any(Object));
  expect(unknownKeys(json, schema)).toEqual([]);
  expect(schema.safeParse(json).error?.issues ?? []).toEqual([]);
}
