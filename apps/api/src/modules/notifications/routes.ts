// Notification routes: the caller's own list, unread count and marking read. Method, path and schemas
// come from the contract's table of calls; a route here is its handler.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as notifications from './service';

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  const call = calls.notifications;

  route(app, call.list, (req) => notifications.listNotifications(user(req), req.query));
  route(app, call.unreadCount, (req) => notifications.unreadCount(user(req)));
  route(app, call.readAll, (req) => notifications.markAllRead(user(req)));
  route(app, call.markRead, (req) => notifications.markRead(user(req), req.params.id));
};
