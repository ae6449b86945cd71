// The OpenAPI document is generated from the contract's table of calls; these tests hold what lets
// generators other than ours read it: Redocly's recommended rules pass with no error, and every
// operation has an operationId and a security list.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { calls } from '@cratedig/contract/calls';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../test/app';

const run = promisify(execFile);
const REDOCLY = join(import.meta.dirname, '../../../../node_modules/@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

let app: FastifyInstance;
let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

beforeAll(async () => {
  app = await buildTestApp();
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => app.close());

function operations() {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, ...operation })),
  );
}

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules without an error', { timeout: 120_000 }, async () => {
    const file = join(makeTempDir('cratedig-openapi-'), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await run(
      process.execPath,
      [REDOCLY, 'lint', file, '--format=json', '--max-problems=1000'],
      { maxBuffer: 32 * 1024 * 1024 },
    ).catch((failure: { stdout: string }) => failure);
    const problems = (
      JSON.parse(stdout) as { problems: { severity: string; ruleId: string; message: string }[] }
    ).problems;
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('names every operation uniquely and says what token each needs (an empty list when none)', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    for (const operation of all) {
      expect(operation.operationId, operation.key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(Array.isArray(operation.security), operation.key).toBe(true);
    }
    const ids = all.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/artists/{id}']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('documents every call of the table under its own operationId, and no unused component', () => {
    const byId = new Map(operations().map((operation) => [operation.operationId, operation.key]));
    for (const group of Object.values(calls)) {
      for (const call of Object.values(group)) {
        const path = call.path.replace(/:(\w+)/g, '{$1}');
        expect(byId.get(call.operationId), call.operationId).toBe(`${call.method} ${path}`);
      }
    }
    const referenced = JSON.stringify(document.paths);
    const schemas = JSON.stringify(document.components.schemas);
    for (const name of Object.keys(document.components.schemas)) {
      const ref = `"#/components/schemas/${name}"`;
      expect(referenced.includes(ref) || schemas.includes(ref), name).toBe(true);
    }
  });
});
