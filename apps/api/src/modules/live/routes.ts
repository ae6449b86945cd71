// Live events over server-sent events (docs/identifications-api.md "Live events"). POST /events/ticket
// (live.ticket in the contract's table of calls) trades the bearer token for a single-use ticket, so
// that the token never sits in a URL (EventSource cannot send headers); GET /events?ticket=… opens the
// stream. The instance's hub (hub.ts) fans events
// out; a reconnect catches up from last_event_id / Last-Event-ID.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { calls } from '@cratedig/contract/calls';
import { errorShape } from '@cratedig/contract/common';
import {
  eventStreamQuery,
  LIVE_EVENT_RETENTION_S,
  LIVE_HEARTBEAT_S,
  LIVE_TICKET_TTL_S,
} from '@cratedig/contract/live-events';
import { createSession } from 'better-sse';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/http-errors';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import { CATCH_UP_MAX, type LiveClient, LiveHub } from './hub';
import * as q from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open event streams and its listening connection. */
    live: LiveHub;
  }
}

const errors = { 401: errorShape, 422: errorShape, 429: errorShape, '5xx': errorShape } as const;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** The instance's hub, on the root app (its listening connection lives as long as the app), and the routes. */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app.database, app.log, LIVE_EVENT_RETENTION_S);
  app.decorate('live', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  await app.register(liveRoutes);
}

const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.live;

  route(app, calls.live.ticket, async (req) => {
    const ctx = userContext(app, req);
    await limits.takeOne(ctx.db, [
      { bucket: 'live:ticket', key: String(ctx.userId), limit: ctx.config.auth.limits.eventTicket },
    ]);
    const ticket = randomBytes(24).toString('base64url');
    const expires = await q.insertTicket(ctx.db, hash(ticket), ctx.userId, LIVE_TICKET_TTL_S);
    return { ticket, expires_dt: expires.toISOString() };
  });

  // Server-sent events, not a JSON call, so outside the table of calls: it declares its own
  // operationId and security (the ticket in the query is its credential, no bearer token).
  app.get(
    '/api/events',
    {
      schema: {
        operationId: 'liveStream',
        summary: "The user's live events (server-sent events); opened with a ticket",
        tags: ['live'],
        security: [],
        querystring: eventStreamQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      const userId = await q.consumeTicket(app.db, hash(req.query.ticket));
      if (userId === undefined) throw unauthorized('This ticket is not valid any more: ask for a new one.');
      const header = req.headers['last-event-id'];
      const resumeFrom =
        req.query.last_event_id ??
        (typeof header === 'string' && /^[0-9]{1,15}$/.test(header) ? header : undefined);
      reply.hijack();
      await openStream(app, hub, req.raw, reply.raw, {
        userId,
        tracks: req.query.tracks ?? [],
        resumeFrom: resumeFrom === undefined ? undefined : Number(resumeFrom),
      });
    },
  );
};

async function openStream(
  app: FastifyInstance,
  hub: LiveHub,
  req: IncomingMessage,
  res: ServerResponse,
  options: { userId: number; tracks: number[]; resumeFrom: number | undefined },
): Promise<void> {
  const session = await createSession(req, res, {
    keepAlive: LIVE_HEARTBEAT_S * 1000,
    retry: 2000,
    // the catch-up reads Last-Event-ID itself, checked
    trustClientEventId: false,
    // nginx would otherwise buffer the stream
    headers: { 'x-accel-buffering': 'no' },
  });
  const client: LiveClient = {
    userId: options.userId,
    tracks: options.tracks,
    pending: [],
    sent: new Set(),
    send: (type, data, id) => {
      if (session.isConnected) session.push(data, type, String(id));
    },
  };
  hub.add(client);
  session.once('disconnected', () => hub.remove(client));
  try {
    let missed = false;
    if (options.resumeFrom !== undefined) {
      const since = await q.eventsSince(
        app.db,
        options.resumeFrom,
        options.userId,
        options.tracks,
        CATCH_UP_MAX,
      );
      missed = since.missed;
      session.push({ missed }, 'ready', String(options.resumeFrom));
      for (const row of since.events) {
        const payload = await hub.payloadOf(row);
        if (payload !== undefined) hub.sendTo(client, row.type, payload, row.id);
      }
    } else {
      const last = await q.lastId(app.db);
      // the id the stream stands at: a reconnect resumes from it even before any other event
      session.push({ missed }, 'ready', String(last));
    }
    await hub.release(client);
  } catch (error) {
    app.log.warn({ err: error }, 'live stream catch-up failed');
    hub.remove(client);
    res.destroy();
  }
}
