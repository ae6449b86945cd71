// Every `cratedig` command, in the order `cratedig --help` lists them.
import type { Command } from './command';
import { backupCommand, restoreCommand } from './commands/backup';
import { digestsCommand } from './commands/digests';
import { exportCommand } from './commands/export';
import { featureCommand } from './commands/feature';
import { fingerprintsCommand } from './commands/fingerprints';
import { identificationCommand, identificationsCommand } from './commands/identifications';
import { importCommand } from './commands/import';
import { mediaCommand } from './commands/media';
import { releaseCommand } from './commands/release';
import { takedownCommand } from './commands/takedown';
import { workerCommand } from './commands/worker';

export const commands: Command[] = [
  importCommand,
  exportCommand,
  featureCommand,
  releaseCommand,
  digestsCommand,
  takedownCommand,
  identificationsCommand,
  identificationCommand,
  backupCommand,
  restoreCommand,
  fingerprintsCommand,
  mediaCommand,
  workerCommand,
];
