// `npm run cratedig -- <command> [arguments]`: the operator's program. It reads the same settings as
// `npm start` (DATABASE_URL, or the embedded database under DATA_DIR).
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { CommandError, consoleOutput } from './command';
import { commands } from './registry';

function help(): string {
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

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return name ? 0 : 2;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    console.error(`unknown command: ${name}\n\n${help()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const out = consoleOutput();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrate(database);
    // `npm run` starts the program in the package folder; INIT_CWD is where the operator typed it.
    const cwd = process.env.INIT_CWD ?? process.cwd();
    return await command.run({ database, config, out, cwd }, args);
  } catch (error) {
    if (error instanceof CommandError) {
      out.error(error.message);
      return error.exitCode;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
