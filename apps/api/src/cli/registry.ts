// Every `cratedig` command, in the order `cratedig --help` lists them.
import type { Command } from './command';
import { exportCommand } from './commands/export';
import { featureCommand } from './commands/feature';
import { importCommand } from './commands/import';

export const commands: Command[] = [importCommand, exportCommand, featureCommand];
