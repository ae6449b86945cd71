// Notification routes (spec §7 Notifications): the caller's own list, unread count and marking read.
import { errorShape, idParams } from '@cratedig/contract/common';
import {
  markAllReadResult,
  notification,
  notificationList,
  notificationListQuery,
  unreadCount,
} from '@cratedig/contract/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userContext } from '../../lib/service-context';
import * as notifications from './service';

const errors = { 401: errorShape, 404: errorShape, 422: errorShape, '5xx': errorShape } as const;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['notifications'], security: [{ bearer: [] }] };
  const guard = { onRequest: app.authenticate };

  app.get(
    '/api/notifications',
    {
      ...guard,
      schema: {
        ...base,
        summary: "The caller's notifications, newest first (keyset cursor: after + after_id)",
        querystring: notificationListQuery,
        response: { 200: notificationList, ...errors },
      },
    },
    (req) => notifications.listNotifications(userContext(app, req), req.query),
  );
  app.get(
    '/api/notifications/unread-count',
    {
      ...guard,
      schema: {
        ...base,
        summary: 'How many of the caller’s notifications are unread',
        response: { 200: unreadCount, ...errors },
      },
    },
    (req) => notifications.unreadCount(userContext(app, req)),
  );
  app.put(
    '/api/notifications/read-all',
    {
      ...guard,
      schema: {
        ...base,
        summary: 'Marks all of the caller’s notifications read',
        response: { 200: markAllReadResult, ...errors },
      },
    },
    (req) => notifications.markAllRead(userContext(app, req)),
  );
  app.put(
    '/api/notifications/:id',
    {
      ...guard,
      schema: {
        ...base,
        summary: 'Marks one of the caller’s notifications read (404 for anyone else’s)',
        params: idParams,
        response: { 200: notification, ...errors },
      },
    },
    (req) => notifications.markRead(userContext(app, req), req.params.id),
  );
};
