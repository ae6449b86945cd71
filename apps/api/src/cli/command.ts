// The shape every `cratedig` command has. A command is a plain function of a context, so the same code
// runs from the terminal, inside a running server that holds the embedded database, and in tests.
import { resolve } from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';

export interface CommandOutput {
  /** A line for the operator (stdout). */
  info(text: string): void;
  /** A problem (stderr). */
  error(text: string): void;
  /** Progress of a long run: a bar on a terminal, plain lines otherwise. */
  progress(done: number, total: number, label?: string): void;
}

export interface CommandContext {
  database: Database;
  config: AppConfig;
  out: CommandOutput;
  /**
   * The operator's working directory. A command run by the server (control-socket.ts) runs in the
   * server's process, so relative file arguments must be resolved with resolveArgPath(ctx, …), never
   * against process.cwd(). Absent means the command runs in the operator's own process.
   */
  cwd?: string;
}

/** A file argument as the operator meant it: relative to their working directory. */
export function resolveArgPath(ctx: Pick<CommandContext, 'cwd'>, path: string): string {
  return resolve(ctx.cwd ?? process.cwd(), path);
}

export interface Command {
  name: string;
  /** One line for `cratedig --help`. */
  summary: string;
  /** The full usage text for `cratedig <name> --help`. */
  usage: string;
  /** Returns the process exit code: 0 done, 1 refused or failed, 2 bad usage. */
  run(ctx: CommandContext, args: string[]): Promise<number>;
  /**
   * A command that must run with no database open (restore creates the database it fills): the
   * program calls this instead of `run`, before it opens the embedded database or asks a server.
   */
  runOffline?(ctx: OfflineContext, args: string[]): Promise<number>;
}

/** What a command without a database gets. */
export type OfflineContext = Omit<CommandContext, 'database'>;

/** A refusal the operator can act on: its message is printed as is and the command exits 1. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Output to the process's own streams (the terminal or a pipe). */
export function consoleOutput(): CommandOutput {
  const tty = process.stdout.isTTY === true;
  let lastPlain = 0;
  let startedAt = 0;
  let startedLabel: string | undefined;
  return {
    info: (text) => {
      if (tty) process.stdout.write('\r\x1b[K');
      process.stdout.write(`${text}\n`);
    },
    error: (text) => {
      if (tty) process.stdout.write('\r\x1b[K');
      process.stderr.write(`${text}\n`);
    },
    progress: (done, total, label) => {
      const now = Date.now();
      if (startedAt === 0 || label !== startedLabel || done <= 1) {
        startedAt = now;
        startedLabel = label;
      }
      // time left from the rate so far
      const elapsed = now - startedAt;
      const left =
        done > 1 && done < total ? Math.round(((total - done) * elapsed) / (done - 1) / 1000) : undefined;
      const eta =
        left === undefined
          ? ''
          : `, ${left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`} left`;
      const text = `${label ? `${label} ` : ''}${done}/${total}${eta}`;
      if (tty) {
        const width = 30;
        const filled = total > 0 ? Math.round((done / total) * width) : width;
        process.stdout.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}`);
        if (done >= total) process.stdout.write('\n');
        return;
      }
      // Plain lines at most once a second (and at the end), so logs stay readable.
      if (done >= total || now - lastPlain >= 1000) {
        lastPlain = now;
        process.stdout.write(`${text}\n`);
      }
    },
  };
}
