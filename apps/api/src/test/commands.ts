// Running `cratedig` commands in-process against the test database, with their output captured.
import type { Command, CommandContext, CommandOutput } from '../cli/command';
import { CommandError } from '../cli/command';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';

export interface CommandRun {
  code: number;
  out: string[];
  err: string[];
}

export function captureOutput(): CommandOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    info: (text) => lines.push(text),
    error: (text) => errors.push(text),
    progress: () => {},
  };
}

/** Runs a command as main.ts does: a CommandError becomes its message on stderr and its exit code. */
export async function runCommand(
  command: Command,
  database: Database,
  config: AppConfig,
  args: string[],
  cwd: string,
): Promise<CommandRun> {
  const out = captureOutput();
  const ctx: CommandContext = { database, config, out, cwd };
  try {
    const code = await command.run(ctx, args);
    return { code, out: out.lines, err: out.errors };
  } catch (error) {
    if (error instanceof CommandError) {
      out.error(error.message);
      return { code: error.exitCode, out: out.lines, err: out.errors };
    }
    throw error;
  }
}
