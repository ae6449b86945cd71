// GET /api/site: the site's details the static pages show, open to everyone (the terms and the
// privacy policy are read before signing up). Settings only: no database.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';

export const siteRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.site.info, async () => ({ contact_email: app.config.contactEmail }));
};
