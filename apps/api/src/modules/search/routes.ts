// GET /api/search: one call answers the search page's sections (Artists, Labels, Tracks, Sets) and the
// top bar's suggestions (limit=2). Signed-in only, like the catalogue it searches.
import { errorShape } from '@cratedig/contract/common';
import { searchQuery, searchResponse } from '@cratedig/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userContext } from '../../lib/service-context';
import * as searchService from './service';

const errors = { 401: errorShape, 422: errorShape, '5xx': errorShape } as const;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Search artists, labels, tracks (IDs included) and sets, best match first',
        tags: ['search'],
        security: [{ bearer: [] }],
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    (req) => searchService.search(userContext(app, req), req.query),
  );
};
