// Response serialisation: the API cannot send a field the contract does not name, yet a response
// does not run through zod on every request (docs/decisions/0005). Each route's response schema is
// converted once to JSON Schema and compiled with fast-json-stringify (Fastify's own serializer),
// which writes only the declared properties. A schema that does not convert faithfully (codecs or
// defaults that make its wire form differ from its output type, or anything JSON Schema cannot say)
// keeps fastify-type-provider-zod's serializer.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Stringify = (data: unknown) => string;
type RouteSchema = $ZodType | { properties: $ZodType };

export interface ContractSerializerOptions {
  /**
   * Also run the zod serializer on every response and throw when the two disagree (tests set this,
   * so the whole API suite checks the fast path against the contract's own encoding).
   */
  verify?: boolean;
}

const zodCompiler = createSerializerCompiler({});

/** Compiled once per zod schema object and shared by every app in the process (tests build many). */
const compiled = new WeakMap<$ZodType, Stringify | null>();

function resolveSchema(schema: RouteSchema): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  if ('properties' in schema && schema.properties instanceof $ZodType) return schema.properties;
  return undefined;
}

/** fast-json-stringify for a zod schema, or null when it must stay with zod. */
export function fastStringify(schema: $ZodType): Stringify | null {
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached;
  let result: Stringify | null = null;
  try {
    // draft-7: fast-json-stringify's dialect (definitions, items arrays). Registered contract
    // entities become local `definitions` that it resolves itself.
    const output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
    // zod encodes a response to its input side; where that differs from the output side (a codec,
    // a default) only zod knows the wire form.
    // (Output objects are closed with additionalProperties: false; input ones are open.)
    if (isDeepStrictEqual(withoutClosedObjects(output), input)) {
      result = fastJson(output as Parameters<typeof fastJson>[0]) as Stringify;
    }
  } catch {
    result = null;
  }
  compiled.set(schema, result);
  return result;
}

function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue;
    copy[key] = withoutClosedObjects(child);
  }
  return copy;
}

export function contractSerializerCompiler(
  options: ContractSerializerOptions = {},
): FastifySerializerCompiler<RouteSchema> {
  return (route) => {
    const zodSerialize = zodCompiler(route) as Stringify;
    const schema = resolveSchema(route.schema);
    const fast = schema ? fastStringify(schema) : null;
    if (!fast) return zodSerialize;
    const { method, url } = route;
    const serialize: Stringify = (data) => {
      try {
        return fast(data);
      } catch (cause) {
        // e.g. a required property missing: our bug, answered as a generic 500 (plugins/errors.ts).
        throw new Error(`The ${method} ${url} response does not fit its contract schema.`, { cause });
      }
    };
    if (!options.verify) return serialize;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = serialize(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `fast serializer differs from the contract for ${method} ${url}:\n fast ${actual}\n zod  ${expected}`,
        );
      }
      return actual;
    };
  };
}
