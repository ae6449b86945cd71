// Tidies the generated OpenAPI 3.0 document so that generators other than ours read it (Redocly's
// recommended rules hold it, apps/api/src/plugins/openapi.test.ts):
// - zod's nullable references come out as `{nullable: true, allOf: [{$ref}]}`; OpenAPI 3.0 wants a
//   `type` beside `nullable`, so the referenced component's type is written next to it;
// - every schema registered in the contract's zod registry becomes a component whether or not an
//   operation uses it; the unused ones are dropped.
type Json = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function visit(value: unknown, fn: (node: Json) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, fn);
  } else if (isObject(value)) {
    fn(value);
    for (const child of Object.values(value)) visit(child, fn);
  }
}

function componentType(schemas: Json, node: Json, seen = new Set<string>()): string | undefined {
  if (typeof node.type === 'string') return node.type;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    const target = schemas[name];
    if (seen.has(name) || !isObject(target)) return undefined;
    seen.add(name);
    return componentType(schemas, target, seen);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const parts = node[key];
    if (!Array.isArray(parts)) continue;
    const types = new Set(parts.filter(isObject).map((part) => componentType(schemas, part, seen)));
    if (types.size === 1) return [...types][0];
  }
  if (isObject(node.properties)) return 'object';
  return undefined;
}

function typeNullables(document: Json, schemas: Json): void {
  visit(document, (node) => {
    if (node.nullable !== true || 'type' in node) return;
    const type = componentType(schemas, node);
    if (type) node.type = type;
  });
}

function refsIn(value: unknown): Set<string> {
  const names = new Set<string>();
  visit(value, (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith(REF_PREFIX)) {
      names.add(node.$ref.slice(REF_PREFIX.length));
    }
  });
  return names;
}

function dropUnusedComponents(document: Json, schemas: Json): void {
  const { components: _components, ...rest } = document;
  const used = new Set<string>();
  const pending = [...refsIn(rest)];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

export function tidyOpenApi<T>(document: T): T {
  const root = document as Json;
  const components = isObject(root.components) ? root.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : {};
  typeNullables(root, schemas);
  dropUnusedComponents(root, schemas);
  return document;
}
