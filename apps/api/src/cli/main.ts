// `npm run cratedig -- <command> [arguments]`: the operator's program. It reads the same settings as
// `npm start` (DATABASE_URL, or the embedded database under DATA_DIR). On the embedded database a
// running server holds the data folder, so the command is sent to it (control-socket.ts) and runs
// there; only when no server answers does this process open the folder, holding it while it runs.
// It never makes a new, empty database by accident (a DATA_DIR or DATABASE_URL other than the
// server's would otherwise import into a catalogue no one serves): it names the database it opened,
// and creating one takes --create-database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { consoleOutput } from './command';
import { claimControlSocket, controlSocketPath, DatabaseInUse, delegateCommand } from './control-socket';
import { resolveCommandLine, runCommandLine, runOfflineCommand } from './run-command';

const CREATE = '--create-database';

/** The URL without its password, to name the database in messages. */
function shownUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function noDatabase(where: string, setting: string): string {
  return (
    `No Cratedig database at ${where}. ${setting} must be the server's; ` +
    `to make a new, empty database there, run the command again with ${CREATE}.`
  );
}

async function main(commandLine: string[]): Promise<number> {
  const create = commandLine.includes(CREATE);
  const argv = commandLine.filter((arg) => arg !== CREATE);
  const resolved = resolveCommandLine(argv);
  if ('exit' in resolved) {
    (resolved.toStderr ? console.error : console.log)(resolved.text);
    return resolved.exit;
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
  // npm runs scripts from the package root; INIT_CWD is where the operator typed the command.
  const cwd = process.env.INIT_CWD || process.cwd();
  // A restore fills an empty database: neither opened (and migrated) here nor sent to a server.
  if (resolved.command.runOffline)
    return runOfflineCommand(resolved.command, resolved.args, { config, out, cwd });

  if (config.databaseUrl) {
    // A PostgreSQL server takes any number of processes: run here, beside any running server.
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      poolMode: config.databasePoolMode,
      listenUrl: config.databaseListenUrl,
    });
    try {
      let fresh: Awaited<ReturnType<typeof database.executeSql>>;
      try {
        fresh = await database.executeSql(`select to_regclass('public.sets') is null as fresh`);
      } catch (error) {
        // a refused connection, a wrong password or an unknown database: said in one line, no trace
        out.error(
          `Cannot reach the database at ${shownUrl(config.databaseUrl)}: ${(error as Error).message}`,
        );
        return 1;
      }
      if ((fresh.rows[0] as { fresh?: boolean } | undefined)?.fresh && !create) {
        out.error(noDatabase(shownUrl(config.databaseUrl), 'DATABASE_URL'));
        return 1;
      }
      out.info(`database: ${shownUrl(config.databaseUrl)}`);
      await migrate(database);
      return await runCommandLine(argv, { database, config, out, cwd });
    } finally {
      await database.close();
    }
  }

  const path = controlSocketPath(config);
  const delegated = await delegateCommand(path, { argv, cwd }, out);
  if (delegated !== undefined) return delegated;

  if (!existsSync(join(config.pgliteDir, 'PG_VERSION')) && !create) {
    out.error(noDatabase(config.pgliteDir, `DATA_DIR (${config.dataDir})`));
    return 1;
  }
  let socket: Awaited<ReturnType<typeof claimControlSocket>>;
  try {
    socket = await claimControlSocket(
      path,
      'Another cratedig command holds the embedded database; try again when it has finished.',
    );
  } catch (error) {
    if (error instanceof DatabaseInUse) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const database = await openDatabase({ dataDir: config.pgliteDir });
    try {
      out.info(`database: embedded, ${config.pgliteDir}`);
      await migrate(database);
      return await runCommandLine(argv, { database, config, out, cwd });
    } finally {
      await database.close();
    }
  } finally {
    await socket.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
