// Graceful shutdown on keep-alive connections. The listener stops accepting first; then every answer
// carries `Connection: close`, so a client learns that its connection ends with that answer and sends
// its next request on a new connection (to another instance behind a load balancer) instead of writing
// it onto a socket the server is about to close. Connections that stay idle through the drain window
// are closed by app.close(); requests already being read are always answered.
import net, { type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface ConnectionDrain {
  /** Starts answering with `Connection: close`; resolves when no connection is open or after `windowMs`. */
  drain(windowMs: number): Promise<void>;
}

export function registerConnectionDrain(app: FastifyInstance): ConnectionDrain {
  let draining = false;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return {
    async drain(windowMs) {
      draining = true;
      // net.Server's close stops accepting without http.Server's immediate close of idle keep-alive
      // connections: their clients may be writing their next request right now. app.close() later
      // finds the listener closed, which Fastify allows.
      net.Server.prototype.close.call(app.server);
      const deadline = Date.now() + windowMs;
      while (sockets.size > 0 && Date.now() < deadline) await sleep(25);
    },
  };
}
