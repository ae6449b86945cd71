// Every `cratedig` command, in the order `cratedig --help` lists them.
import type { Command } from './command';
import { digestsCommand } from './commands/digests';
import { releaseCommand } from './commands/release';

export const commands: Command[] = [releaseCommand, digestsCommand];
