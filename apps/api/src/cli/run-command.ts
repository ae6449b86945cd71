// Runs one `cratedig` command line against a database that is already open: the same path whether the
// operator's own process runs it or a running server does it for them (control-socket.ts).
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { type Command, CommandError, type CommandOutput, type OfflineContext } from './command';
import { commands } from './registry';

export function help(): string {
  const width = Math.max(...commands.map((command) => command.name.length), 8);
  return [
    'usage: npm run cratedig -- <command> [arguments]',
    '',
    'commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    "npm run cratedig -- <command> --help shows a command's own arguments.",
  ].join('\n');
}

/**
 * What a command line means before any database is needed: help (exit code given), an unknown name
 * (exit 2), or the command to run with its arguments.
 */
export function resolveCommandLine(
  argv: string[],
): { exit: number; text: string; toStderr: boolean } | { command: Command; args: string[] } {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    return { exit: name ? 0 : 2, text: help(), toStderr: false };
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return { exit: 2, text: `unknown command: ${name}\n\n${help()}`, toStderr: true };
  if (args.includes('--help') || args.includes('-h'))
    return { exit: 0, text: command.usage, toStderr: false };
  return { command, args };
}

export interface RunOptions {
  database: Database;
  config: AppConfig;
  out: CommandOutput;
  /** The operator's working directory: relative file arguments are resolved against it. */
  cwd: string;
}

/** Runs the command line; answers the exit code. Refusals print their message; other errors too. */
export async function runCommandLine(argv: string[], options: RunOptions): Promise<number> {
  const resolved = resolveCommandLine(argv);
  if ('exit' in resolved) {
    if (resolved.toStderr) options.out.error(resolved.text);
    else options.out.info(resolved.text);
    return resolved.exit;
  }
  try {
    return await resolved.command.run(
      { database: options.database, config: options.config, out: options.out, cwd: options.cwd },
      resolved.args,
    );
  } catch (error) {
    if (error instanceof CommandError) {
      options.out.error(error.message);
      return error.exitCode;
    }
    options.out.error(
      `${resolved.command.name} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

/**
 * Runs a command that works without a database (Command.runOffline), with the same handling of
 * refusals as runCommandLine.
 */
export async function runOfflineCommand(
  command: Command,
  args: string[],
  ctx: OfflineContext,
): Promise<number> {
  try {
    return await (command.runOffline as NonNullable<Command['runOffline']>)(ctx, args);
  } catch (error) {
    if (error instanceof CommandError) {
      ctx.out.error(error.message);
      return error.exitCode;
    }
    ctx.out.error(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
