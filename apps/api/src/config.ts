// Environment -> typed configuration, read once at start-up (conventions.md "Errors and configuration").
// To add a setting: add its variable to `envSchema` (with its default and a message a person can act
// on) and map it in `toConfig`. Behaviour is chosen by these explicit settings, never by NODE_ENV.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file so that defaults do not depend on the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const ENVIRONMENTS = ['development', 'production', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  env: Environment;
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** postgres://… when a PostgreSQL server is used; undefined means embedded PGlite at `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Absolute. */
  pgliteDir: string;
  /** Absolute; served under /media. */
  mediaDir: string;
  /** Absolute; the built web app served at /. */
  webDistDir: string;
  /** The site address used in links (mail, share previews), without a trailing slash. */
  publicUrl: string;
  logLevel: LogLevel;
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// An empty variable (`PORT=` in a shell or .env file) means "not set", so its default applies.
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z.object({
  CRATEDIG_ENV: blankIsUnset(
    z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(', ')}` }).default('development'),
  ),
  PORT: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(8080),
  ),
  HOST: blankIsUnset(z.string().default('0.0.0.0')),
  DATA_DIR: blankIsUnset(z.string().default('./data')),
  DATABASE_URL: blankIsUnset(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  PGLITE_DIR: blankIsUnset(z.string().optional()),
  MEDIA_DIR: blankIsUnset(z.string().optional()),
  WEB_DIST_DIR: blankIsUnset(z.string().optional()),
  PUBLIC_URL: blankIsUnset(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  LOG_LEVEL: blankIsUnset(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  SEED_DEMO: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  ),
});

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads and validates the configuration. Throws a ConfigError naming every bad variable at once,
 * so a person fixes them in one go rather than one start at a time.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line per variable: its first problem is the one to fix.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'configuration');
      if (problems.has(name)) continue;
      const value = env[name];
      // Never echo a database URL back: it may carry a password.
      const shown = value === undefined || name === 'DATABASE_URL' ? '' : ` (got "${value}")`;
      problems.set(name, `${name}: ${issue.message}${shown}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  return toConfig(parsed.data, env);
}

function toConfig(vars: z.output<typeof envSchema>, env: NodeJS.ProcessEnv): AppConfig {
  // Relative paths mean "relative to where the person ran the command": npm sets INIT_CWD to that
  // folder even when a workspace script runs in its own directory (`npm run dev -w …`).
  const base = env.INIT_CWD || process.cwd();
  const absolute = (path: string, from = base) => (isAbsolute(path) ? path : resolve(from, path));
  const dataDir = absolute(vars.DATA_DIR);
  const port = vars.PORT;
  return {
    env: vars.CRATEDIG_ENV,
    port,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    pgliteDir: vars.PGLITE_DIR ? absolute(vars.PGLITE_DIR) : resolve(dataDir, 'pglite'),
    mediaDir: vars.MEDIA_DIR ? absolute(vars.MEDIA_DIR) : resolve(dataDir, 'media'),
    webDistDir: vars.WEB_DIST_DIR ? absolute(vars.WEB_DIST_DIR) : resolve(REPO_ROOT, 'apps/web/dist'),
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: vars.LOG_LEVEL,
    seedDemo: vars.SEED_DEMO === 'true' || vars.SEED_DEMO === '1',
  };
}
