// Every `cratedig` command, in the order `cratedig --help` lists them.
import type { Command } from './command';

export const commands: Command[] = [];
