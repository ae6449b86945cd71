// The OpenAPI document, generated from the routes, which come from the contract's table of calls
// (docs/decisions/0017-one-table-of-calls.md): each operation has its call's operationId and security. JSON at /api/docs/json, the Swagger UI at /api/docs; the UI's assets come
// from the installed package, so the docs work offline.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { tidyOpenApi } from './openapi-tidy';

export const DOCS_PREFIX = '/api/docs';

export async function registerOpenApi(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cratedig API',
        description:
          'Discover and play electronic DJ sets. Errors share one shape: {code, status, message, errors?}.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Our access token or a Firebase ID token' },
        },
      },
    },
    // Turns zod schemas into JSON Schema; contract schemas registered with .meta({id}) become
    // components referenced by $ref instead of being inlined at every use.
    transform: jsonSchemaTransform,
    transformObject: (input) => tidyOpenApi(jsonSchemaTransformObject(input)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
