// The embedded database's front door for operator commands. PGlite is one process's database: a
// second process must never open the same folder. So whichever process holds it — the server, or a
// command that found no server — listens on a Unix socket in DATA_DIR (mode 0600, so only the owner
// of the data may talk to it). A command started beside a running server sends its command line
// there and the server runs it in-process on its own database handle, streaming the output back.
// See docs/decisions/0009-operator-program-and-the-embedded-database.md.
import { chmodSync, existsSync, mkdirSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../config';
import type { CommandOutput } from './command';

export const SOCKET_NAME = 'cratedig.sock';
/** Exit code of a command refused because the database's holder cannot run it now (EX_TEMPFAIL). */
export const BUSY_EXIT = 75;

export function controlSocketPath(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, SOCKET_NAME);
}

/** What a client asks: the command line and the operator's working directory. */
export interface CommandRequest {
  argv: string[];
  cwd: string;
}

/** One line of the answer stream (JSON per line). */
export type CommandEvent =
  | { type: 'info'; text: string }
  | { type: 'error'; text: string }
  | { type: 'progress'; done: number; total: number; label?: string }
  | { type: 'exit'; code: number };

/** Runs a request with an output that streams to the client; answers the exit code. */
export type CommandHandler = (request: CommandRequest, out: CommandOutput) => Promise<number>;

export class DatabaseInUse extends Error {
  constructor(path: string) {
    super(
      `The embedded database is in use by another Cratedig process (it answers on ${path}). ` +
        'Stop it first, or run commands through it.',
    );
    this.name = 'DatabaseInUse';
  }
}

export interface ControlSocket {
  /** Who answers requests from now on (until then: "busy, try again"). */
  serve(handler: CommandHandler): void;
  close(): Promise<void>;
}

/** True when a live process answers on the socket (a stale file from a crash does not count). */
function answers(path: string): Promise<boolean> {
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Takes the socket for this process, or throws DatabaseInUse when another live process holds it.
 * Until serve() is called every request is answered as busy (the holder is still starting).
 */
export async function claimControlSocket(path: string, busyMessage: string): Promise<ControlSocket> {
  if (await answers(path)) throw new DatabaseInUse(path);
  // A socket file nobody answers on is left over from a process that died: take its place.
  if (existsSync(path)) unlinkSync(path);
  // On a fresh machine the data folder does not exist until the server first starts.
  mkdirSync(dirname(path), { recursive: true });
  let handler: CommandHandler | undefined;
  const running = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    running.add(socket);
    socket.on('close', () => running.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline < 0 || socket.readableEnded) return;
      socket.removeAllListeners('data');
      void answer(socket, buffer.slice(0, newline));
    });
  });
  const send = (socket: net.Socket, event: CommandEvent) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(event)}\n`);
  };
  async function answer(socket: net.Socket, line: string): Promise<void> {
    let request: CommandRequest;
    try {
      const parsed = JSON.parse(line) as Partial<CommandRequest>;
      if (!Array.isArray(parsed.argv) || !parsed.argv.every((a) => typeof a === 'string')) throw new Error();
      request = { argv: parsed.argv, cwd: typeof parsed.cwd === 'string' ? parsed.cwd : '/' };
    } catch {
      send(socket, { type: 'error', text: 'malformed command request' });
      send(socket, { type: 'exit', code: 2 });
      socket.end();
      return;
    }
    if (!handler) {
      send(socket, { type: 'error', text: busyMessage });
      send(socket, { type: 'exit', code: BUSY_EXIT });
      socket.end();
      return;
    }
    const out: CommandOutput = {
      info: (text) => send(socket, { type: 'info', text }),
      error: (text) => send(socket, { type: 'error', text }),
      progress: (done, total, label) =>
        send(
          socket,
          label === undefined ? { type: 'progress', done, total } : { type: 'progress', done, total, label },
        ),
    };
    let code = 1;
    try {
      code = await handler(request, out);
    } catch (error) {
      out.error(error instanceof Error ? error.message : String(error));
    }
    send(socket, { type: 'exit', code });
    socket.end();
  }
  // The socket file is created by listen: a umask keeps it private from the first instant.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return {
    serve(next) {
      handler = next;
    },
    async close() {
      handler = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of running) socket.destroy();
    },
  };
}

/**
 * Sends the command line to the process holding the embedded database. Answers its exit code, or
 * undefined when nobody answers (no server: the caller may open the database itself).
 */
export function delegateCommand(
  path: string,
  request: CommandRequest,
  out: CommandOutput,
): Promise<number | undefined> {
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = net.connect(path);
    let connected = false;
    let exit: number | undefined;
    let buffer = '';
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const event = JSON.parse(buffer.slice(0, newline)) as CommandEvent;
        buffer = buffer.slice(newline + 1);
        if (event.type === 'info') out.info(event.text);
        else if (event.type === 'error') out.error(event.text);
        else if (event.type === 'progress') out.progress(event.done, event.total, event.label);
        else exit = event.code;
        newline = buffer.indexOf('\n');
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!connected) return resolve(undefined);
      if (exit === undefined) out.error('The Cratedig server stopped before the command finished.');
      resolve(exit ?? 1);
    });
  });
}
