// GET /api/search: one call answers the search page's sections (Artists, Labels, Tracks, Sets) and the
// top bar's suggestions (limit=2). Signed-in only, like the catalogue it searches.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as searchService from './service';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  // a failed load of the in-memory index leaves the database answering; the log says why
  const onIndexError = (err: unknown) => app.log.error({ err }, 'the search index did not load');
  route(app, calls.search.find, (req) =>
    searchService.search(userContext(app, req), req.query, onIndexError),
  );
};
