// Argument helpers shared by the commands.
import { CommandError } from './command';

/** A positive whole id, or a usage error (exit 2) naming the argument. */
export function parseId(value: string | undefined, what: string): number {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw new CommandError(`${what} must be a positive whole number, got '${value ?? ''}'.`, 2);
  }
  return Number(value);
}

/** The value after `--name` (or `--name=value`), undefined when absent. */
export function optionValue(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === `--${name}`) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new CommandError(`--${name} needs a value.`, 2);
      return value;
    }
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}
