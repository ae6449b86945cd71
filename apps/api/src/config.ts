// Environment -> typed configuration, read once at start-up; a bad value stops the start naming the variable.
// To add a setting: add its variable to `envSchema` (with its default and a message a person can act
// on) and map it in `toConfig`. Behaviour is chosen by these explicit settings, never by NODE_ENV.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLISH_LIMITS } from '@cratedig/contract/publish-api';
import { z } from 'zod';
import { blankIsUnset, isUrl, limitVar, millisecondsVar } from './config-vars';

/** The repository root, found from this file so that defaults do not depend on the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const ENVIRONMENTS = ['development', 'production', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The kinds of call with their own limits: reads, writes, and searches (the search box, list search). */
export const CALL_KINDS = ['read', 'write', 'search'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface StatementLimits {
  /** Milliseconds a statement may run; 0 means no limit. */
  statementTimeoutMs: number;
  /** Milliseconds a statement may wait for a lock; 0 means no limit. */
  lockTimeoutMs: number;
}

export interface AppConfig {
  env: Environment;
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** postgres://… when a PostgreSQL server is used; undefined means embedded PGlite at `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Absolute. */
  /** 'transaction' behind PgBouncer in transaction mode (db/client.ts, docs/deploy.md). */
  databasePoolMode: 'session' | 'transaction';
  /** A direct URL for LISTEN when DATABASE_URL goes through a pooler in transaction mode. */
  databaseListenUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for the catalogue's reads (db/replica.ts); undefined: none. */
  databaseReplicaUrl: string | undefined;
  /** The replica is skipped while it lags more than this (milliseconds). */
  replicaMaxLagMs: number;
  pgliteDir: string;
  /**
   * Absolute; served under /media when media are in a folder. With a bucket, the demo's media are
   * made here before they are copied into it.
   */
  mediaDir: string;
  /** Where media are stored and how listeners get them (lib/media-store.ts, docs/media-storage.md). */
  mediaStore: MediaStoreConfig;
  /** Absolute; the built web app served at /. */
  webDistDir: string;
  /** The site address used in links (mail, share previews), without a trailing slash. */
  publicUrl: string;
  /** Where people write to the people running the site; the terms and the privacy policy name it. */
  contactEmail: string;
  logLevel: LogLevel;
  /** auto: readable lines in development on a terminal, JSON lines otherwise (plugins/logging.ts). */
  logFormat: LogFormat;
  seedDemo: boolean;
  /** Run the background jobs in this process (job-runner.ts); false leaves them to `cratedig worker`. */
  jobs: boolean;
  /** Accounts: token signing, identity provider, mail, rate limits. */
  auth: AuthConfig;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits count it). */
  trustProxy: boolean;
  /** Send Strict-Transport-Security: only when the site is served over HTTPS (at the proxy). */
  hsts: boolean;
  /** Signed audio links: their key and lifetime (lib/audio-links.ts). */
  audioLinks: AudioLinksConfig;
  /** The time limits on each kind of request's SQL (lib/statement-limits.ts); PostgreSQL only. */
  statementLimits: Record<CallKind, StatementLimits>;
  /** Search section pages kept per instance between searches (modules/search/result-cache.ts); 0: none. */
  searchCacheEntries: number;
  /** Searches answered from the search index kept in memory (docs/search.md "The index in memory"). */
  searchIndex: boolean;
  /**
   * Megabytes of JSON the catalogue pages kept per instance may add up to (modules/catalogue/
   * page-cache.ts); 0: none.
   */
  catalogueCacheMb: number;
  /** DJs' uploads: limits and where unfinished bytes wait (docs/publishing.md). */
  publish: PublishConfig;
}

export interface PublishConfig {
  /** Absolute; the bytes of uploads in progress (tus), before processing moves them into the media store. */
  uploadDir: string;
  maxFileBytes: number;
  maxDurationS: number;
  bytesPerUser: number;
  abandonedAfterS: number;
  keepOriginal: boolean;
}

/** A bucket of an S3-compatible store, as the settings name it (lib/media-store-s3.ts uses it). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself, by region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (MinIO, Ceph, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix ("" or ending in "/"). */
  prefix: string;
  /** How long a signed URL stays valid, in seconds; it stays the same for half of that. */
  urlTtlS: number;
}

/** Media in MEDIA_DIR, or in a bucket of an S3-compatible store. */
export type MediaStoreConfig =
  | { kind: 'folder' }
  | {
      kind: 's3';
      s3: S3Settings;
      /** redirect: to a signed URL of the store; proxy: this server reads the object and passes it on. */
      delivery: 'redirect' | 'proxy';
    };

export interface AudioLinksConfig {
  /**
   * HMAC key of the mp3_permalink links (at least 32 characters). Unset means a key derived from the
   * access-token key (resolveJwtSecret), so one secret is enough to run; set it to rotate links alone.
   */
  secret: string | undefined;
  /** How long a link stays valid, in seconds (default 6 h: long sets are played in one sitting). */
  ttlS: number;
}

/** A sliding-window limit: at most `max` events per `windowS` seconds. */
export interface RateLimit {
  max: number;
  windowS: number;
}

export interface AuthConfig {
  /**
   * HS256 key of our access tokens (at least 32 characters). Unset outside production means a key
   * persisted under DATA_DIR: read it through resolveJwtSecret(), never this field directly.
   */
  jwtSecret: string | undefined;
  firebaseProjectId: string;
  firebaseApiKey: string;
  firebaseAuthDomain: string;
  /** host:port of the Firebase Auth emulator; set means its unsigned ID tokens are accepted. */
  firebaseAuthEmulatorHost: string | undefined;
  /** smtp(s)://… ; unset means mails are written as .eml files into `outboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute. */
  outboxDir: string;
  /**
   * How long this process trusts that a session was not revoked before asking the database again: a
   * session signed out through another instance stops working here within this bound (at most 60 s).
   */
  sessionCheckTtlMs: number;
  limits: {
    /** docs/accounts.md: 5 failures for one account from one address in 15 min block the pair. */
    loginPair: RateLimit;
    /** docs/accounts.md: 25 failures per account per hour from all addresses. */
    loginAccount: RateLimit;
    /** docs/accounts.md: 25 failures per address per 5 min. */
    loginAddress: RateLimit;
    /** docs/accounts.md: password-reset requests per email per 30 min. */
    resetEmail: RateLimit;
    /** GET /users/un/{username} per client address. */
    usernameLookup: RateLimit;
    /** Registrations (POST /users, password form) per client address. */
    register: RateLimit;
    /** Identification proposals per user (docs/identifications-api.md). */
    proposal: RateLimit;
    /** Votes on proposals (and taking them back) per user. */
    vote: RateLimit;
    /** Live-event tickets per user (each opens or reopens a stream). */
    eventTicket: RateLimit;
    /** Searches (the search box and a list's search) per user. */
    search: RateLimit;
    /** Pasted tracklists (previews and submissions together) per user. */
    tracklist: RateLimit;
    /** docs/publishing.md: uploads a user begins in 24 hours (PUBLISH_UPLOADS_PER_DAY), deleted ones too. */
    upload: RateLimit;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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
  DATABASE_POOL_MODE: blankIsUnset(z.enum(['session', 'transaction']).default('session')),
  DATABASE_LISTEN_URL: blankIsUnset(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  DATABASE_REPLICA_URL: blankIsUnset(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  REPLICA_MAX_LAG_MS: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 600000' })
      .int('must be a whole number of milliseconds from 100 to 600000')
      .min(100, 'must be a whole number of milliseconds from 100 to 600000')
      .max(600_000, 'must be a whole number of milliseconds from 100 to 600000')
      .default(5000),
  ),
  CONTACT_EMAIL: blankIsUnset(
    z
      .string()
      .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'must be an email address, e.g. hello@example.com')
      .default('hello@cratedig.app'),
  ),
  PGLITE_DIR: blankIsUnset(z.string().optional()),
  MEDIA_DIR: blankIsUnset(z.string().optional()),
  MEDIA_STORE: blankIsUnset(z.enum(['folder', 's3'], { error: 'must be folder or s3' }).default('folder')),
  MEDIA_DELIVERY: blankIsUnset(
    z.enum(['redirect', 'proxy'], { error: 'must be redirect or proxy' }).default('redirect'),
  ),
  MEDIA_URL_TTL_S: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number of seconds from 60 to 604800 (7 days)' })
      .int('must be a whole number of seconds from 60 to 604800 (7 days)')
      .min(60, 'must be a whole number of seconds from 60 to 604800 (7 days)')
      .max(604_800, 'must be a whole number of seconds from 60 to 604800 (7 days)')
      .default(3600),
  ),
  S3_BUCKET: blankIsUnset(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_ENDPOINT: blankIsUnset(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  S3_REGION: blankIsUnset(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name, e.g. eu-west-1 or auto')
      .default('us-east-1'),
  ),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string().optional()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string().optional()),
  S3_FORCE_PATH_STYLE: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  ),
  S3_PREFIX: blankIsUnset(
    z
      .string()
      .regex(/^([A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+\/?$/, 'must be a key prefix such as cratedig/media/')
      .refine((v) => !v.split('/').some((s) => s === '.' || s === '..'), 'must not hold . or .. segments')
      .optional(),
  ),
  WEB_DIST_DIR: blankIsUnset(z.string().optional()),
  UPLOAD_DIR: blankIsUnset(z.string().optional()),
  PUBLISH_MAX_FILE_BYTES: limitVar(PUBLISH_LIMITS.maxFileBytes),
  PUBLISH_MAX_DURATION_S: limitVar(PUBLISH_LIMITS.maxDurationS),
  PUBLISH_UPLOADS_PER_DAY: limitVar(PUBLISH_LIMITS.uploadsPerDay),
  PUBLISH_BYTES_PER_USER: limitVar(PUBLISH_LIMITS.bytesPerUser),
  PUBLISH_ABANDONED_AFTER_S: limitVar(PUBLISH_LIMITS.abandonedAfterS),
  PUBLISH_KEEP_ORIGINAL: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  ),
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
  LOG_FORMAT: blankIsUnset(
    z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).default('auto'),
  ),
  SEED_DEMO: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  ),
  JOBS: blankIsUnset(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true')),
  JWT_SECRET: blankIsUnset(z.string().min(32, 'must be at least 32 characters').optional()),
  FIREBASE_PROJECT_ID: blankIsUnset(z.string().default('demo-cratedig')),
  FIREBASE_API_KEY: blankIsUnset(z.string().default('demo-api-key')),
  FIREBASE_AUTH_DOMAIN: blankIsUnset(z.string().optional()),
  FIREBASE_AUTH_EMULATOR_HOST: blankIsUnset(
    z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')
      .optional(),
  ),
  SMTP_URL: blankIsUnset(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .refine(isUrl, 'must be a valid URL')
      .optional(),
  ),
  MAIL_FROM: blankIsUnset(z.string().default('Cratedig <no-reply@cratedig.app>')),
  OUTBOX_DIR: blankIsUnset(z.string().optional()),
  TRUST_PROXY: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  ),
  HSTS: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  ),
  LOGIN_PAIR_MAX_FAILURES: limitVar(5),
  LOGIN_PAIR_WINDOW_S: limitVar(900),
  LOGIN_ACCOUNT_MAX_FAILURES: limitVar(25),
  LOGIN_ACCOUNT_WINDOW_S: limitVar(3600),
  LOGIN_ADDRESS_MAX_FAILURES: limitVar(25),
  LOGIN_ADDRESS_WINDOW_S: limitVar(300),
  RESET_EMAIL_MAX: limitVar(5),
  RESET_EMAIL_WINDOW_S: limitVar(1800),
  USERNAME_LOOKUP_MAX: limitVar(60),
  USERNAME_LOOKUP_WINDOW_S: limitVar(300),
  REGISTER_MAX: limitVar(10),
  REGISTER_WINDOW_S: limitVar(3600),
  PROPOSAL_MAX: limitVar(10),
  PROPOSAL_WINDOW_S: limitVar(3600),
  VOTE_MAX: limitVar(60),
  VOTE_WINDOW_S: limitVar(300),
  EVENT_TICKET_MAX: limitVar(60),
  EVENT_TICKET_WINDOW_S: limitVar(300),
  SEARCH_MAX: limitVar(120),
  SEARCH_WINDOW_S: limitVar(60),
  TRACKLIST_MAX: limitVar(30),
  TRACKLIST_WINDOW_S: limitVar(600),
  READ_STATEMENT_TIMEOUT_MS: millisecondsVar(5_000),
  WRITE_STATEMENT_TIMEOUT_MS: millisecondsVar(10_000),
  SEARCH_STATEMENT_TIMEOUT_MS: millisecondsVar(3_000),
  SEARCH_CACHE_ENTRIES: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number from 0 to 1000000' })
      .int('must be a whole number from 0 to 1000000')
      .min(0, 'must be a whole number from 0 to 1000000')
      .max(1_000_000, 'must be a whole number from 0 to 1000000')
      .default(20_000),
  ),
  SEARCH_INDEX: blankIsUnset(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  ),
  CATALOGUE_CACHE_MB: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number of megabytes from 0 to 65536' })
      .int('must be a whole number of megabytes from 0 to 65536')
      .min(0, 'must be a whole number of megabytes from 0 to 65536')
      .max(65_536, 'must be a whole number of megabytes from 0 to 65536')
      .default(32),
  ),
  LOCK_TIMEOUT_MS: millisecondsVar(3_000),
  SESSION_CHECK_TTL_S: blankIsUnset(
    z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 60' })
      .int('must be a whole number of seconds from 0 to 60')
      .min(0, 'must be a whole number of seconds from 0 to 60')
      .max(60, 'must be a whole number of seconds from 0 to 60')
      .default(30),
  ),
  AUDIO_LINK_SECRET: blankIsUnset(z.string().min(32, 'must be at least 32 characters').optional()),
  AUDIO_LINK_TTL_S: limitVar(6 * 3600),
});

/**
 * Reads and validates the configuration. Throws a ConfigError naming every bad variable at once,
 * so a person fixes them in one go rather than one start at a time.
 */
/**
 * Whether Google and Apple sign-in can work: against the emulator, or with a real Firebase project.
 * Firebase's 'demo-' projects (the default, demo-cratedig) exist only in the emulator.
 */
export function socialSignInEnabled(
  auth: Pick<AuthConfig, 'firebaseProjectId' | 'firebaseAuthEmulatorHost'>,
): boolean {
  return Boolean(auth.firebaseAuthEmulatorHost) || !auth.firebaseProjectId.startsWith('demo-');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line per variable: its first problem is the one to fix.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'configuration');
      if (problems.has(name)) continue;
      const value = env[name];
      // Never echo a database URL, SMTP URL or key back: they may carry a password.
      const shown = value === undefined || SECRET_VARS.has(name) ? '' : ` (got "${value}")`;
      problems.set(name, `${name}: ${issue.message}${shown}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  return toConfig(parsed.data, env);
}

const SECRET_VARS = new Set([
  'DATABASE_URL',
  'DATABASE_LISTEN_URL',
  'DATABASE_REPLICA_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'AUDIO_LINK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
]);

function toConfig(vars: z.output<typeof envSchema>, env: NodeJS.ProcessEnv): AppConfig {
  // Unsigned emulator tokens must never be accepted by a production server (docs/accounts.md "Social sign-in (Google, Apple): the identity-provider steps").
  if (vars.CRATEDIG_ENV === 'production') {
    const problems: string[] = [];
    if (vars.FIREBASE_AUTH_EMULATOR_HOST) {
      problems.push('FIREBASE_AUTH_EMULATOR_HOST: must not be set when CRATEDIG_ENV=production');
    }
    if (!vars.JWT_SECRET) problems.push('JWT_SECRET: is required when CRATEDIG_ENV=production');
    if (problems.length > 0) throw new ConfigError(problems);
  }
  // Live events LISTEN on one server connection, which a pooler in transaction mode does not keep.
  if (vars.DATABASE_POOL_MODE === 'transaction' && vars.DATABASE_URL && !vars.DATABASE_LISTEN_URL) {
    throw new ConfigError([
      'DATABASE_LISTEN_URL: is required when DATABASE_POOL_MODE=transaction (a direct URL of PostgreSQL, for live events)',
    ]);
  }
  // A bucket needs its name; keys come in pairs or not at all (then the SDK's own chain finds them).
  if (vars.MEDIA_STORE === 's3') {
    const problems: string[] = [];
    if (!vars.S3_BUCKET) problems.push('S3_BUCKET: is required when MEDIA_STORE=s3');
    if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
      problems.push(
        'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (to use the instance role)',
      );
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  if (vars.DATABASE_REPLICA_URL && !vars.DATABASE_URL) {
    throw new ConfigError(['DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of a PostgreSQL server)']);
  }
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
    databasePoolMode: vars.DATABASE_POOL_MODE,
    databaseListenUrl: vars.DATABASE_LISTEN_URL,
    databaseReplicaUrl: vars.DATABASE_REPLICA_URL,
    replicaMaxLagMs: vars.REPLICA_MAX_LAG_MS,
    pgliteDir: vars.PGLITE_DIR ? absolute(vars.PGLITE_DIR) : resolve(dataDir, 'pglite'),
    mediaDir: vars.MEDIA_DIR ? absolute(vars.MEDIA_DIR) : resolve(dataDir, 'media'),
    mediaStore:
      vars.MEDIA_STORE === 's3'
        ? {
            kind: 's3',
            delivery: vars.MEDIA_DELIVERY,
            s3: {
              bucket: vars.S3_BUCKET ?? '',
              endpoint: vars.S3_ENDPOINT,
              region: vars.S3_REGION,
              accessKeyId: vars.S3_ACCESS_KEY_ID,
              secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
              forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true' || vars.S3_FORCE_PATH_STYLE === '1',
              prefix: vars.S3_PREFIX ? vars.S3_PREFIX.replace(/\/?$/, '/') : '',
              urlTtlS: vars.MEDIA_URL_TTL_S,
            },
          }
        : { kind: 'folder' },
    webDistDir: vars.WEB_DIST_DIR ? absolute(vars.WEB_DIST_DIR) : resolve(REPO_ROOT, 'apps/web/dist'),
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    contactEmail: vars.CONTACT_EMAIL,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    seedDemo: vars.SEED_DEMO === 'true' || vars.SEED_DEMO === '1',
    jobs: vars.JOBS === 'true' || vars.JOBS === '1',
    trustProxy: vars.TRUST_PROXY === 'true' || vars.TRUST_PROXY === '1',
    hsts: vars.HSTS === 'true' || vars.HSTS === '1',
    audioLinks: { secret: vars.AUDIO_LINK_SECRET, ttlS: vars.AUDIO_LINK_TTL_S },
    statementLimits: {
      read: { statementTimeoutMs: vars.READ_STATEMENT_TIMEOUT_MS, lockTimeoutMs: vars.LOCK_TIMEOUT_MS },
      write: { statementTimeoutMs: vars.WRITE_STATEMENT_TIMEOUT_MS, lockTimeoutMs: vars.LOCK_TIMEOUT_MS },
      search: { statementTimeoutMs: vars.SEARCH_STATEMENT_TIMEOUT_MS, lockTimeoutMs: vars.LOCK_TIMEOUT_MS },
    },
    searchCacheEntries: vars.SEARCH_CACHE_ENTRIES,
    searchIndex: vars.SEARCH_INDEX === 'true' || vars.SEARCH_INDEX === '1',
    catalogueCacheMb: vars.CATALOGUE_CACHE_MB,
    publish: {
      uploadDir: vars.UPLOAD_DIR ? absolute(vars.UPLOAD_DIR) : resolve(dataDir, 'uploads'),
      maxFileBytes: vars.PUBLISH_MAX_FILE_BYTES,
      maxDurationS: vars.PUBLISH_MAX_DURATION_S,
      bytesPerUser: vars.PUBLISH_BYTES_PER_USER,
      abandonedAfterS: vars.PUBLISH_ABANDONED_AFTER_S,
      keepOriginal: vars.PUBLISH_KEEP_ORIGINAL === 'true' || vars.PUBLISH_KEEP_ORIGINAL === '1',
    },
    auth: {
      jwtSecret: vars.JWT_SECRET,
      firebaseProjectId: vars.FIREBASE_PROJECT_ID,
      firebaseApiKey: vars.FIREBASE_API_KEY,
      firebaseAuthDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${vars.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      firebaseAuthEmulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST,
      smtpUrl: vars.SMTP_URL,
      mailFrom: vars.MAIL_FROM,
      outboxDir: vars.OUTBOX_DIR ? absolute(vars.OUTBOX_DIR) : resolve(dataDir, 'outbox'),
      sessionCheckTtlMs: vars.SESSION_CHECK_TTL_S * 1000,
      limits: {
        loginPair: { max: vars.LOGIN_PAIR_MAX_FAILURES, windowS: vars.LOGIN_PAIR_WINDOW_S },
        loginAccount: { max: vars.LOGIN_ACCOUNT_MAX_FAILURES, windowS: vars.LOGIN_ACCOUNT_WINDOW_S },
        loginAddress: { max: vars.LOGIN_ADDRESS_MAX_FAILURES, windowS: vars.LOGIN_ADDRESS_WINDOW_S },
        resetEmail: { max: vars.RESET_EMAIL_MAX, windowS: vars.RESET_EMAIL_WINDOW_S },
        usernameLookup: { max: vars.USERNAME_LOOKUP_MAX, windowS: vars.USERNAME_LOOKUP_WINDOW_S },
        register: { max: vars.REGISTER_MAX, windowS: vars.REGISTER_WINDOW_S },
        proposal: { max: vars.PROPOSAL_MAX, windowS: vars.PROPOSAL_WINDOW_S },
        vote: { max: vars.VOTE_MAX, windowS: vars.VOTE_WINDOW_S },
        eventTicket: { max: vars.EVENT_TICKET_MAX, windowS: vars.EVENT_TICKET_WINDOW_S },
        search: { max: vars.SEARCH_MAX, windowS: vars.SEARCH_WINDOW_S },
        tracklist: { max: vars.TRACKLIST_MAX, windowS: vars.TRACKLIST_WINDOW_S },
        upload: { max: vars.PUBLISH_UPLOADS_PER_DAY, windowS: 24 * 3600 },
      },
    },
  };
}

/**
 * The access-token key: JWT_SECRET, or (development and test only; production requires JWT_SECRET)
 * a random key kept in `${DATA_DIR}/jwt-secret`, readable by the owner only, so access tokens survive
 * restarts. Called once when the app is built, so loadConfig() itself stays free of side effects.
 */
export function resolveJwtSecret(config: Pick<AppConfig, 'auth' | 'dataDir'>): string {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  const dataDir = config.dataDir;
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies to a new file; an old, too-short one keeps its mode otherwise.
  chmodSync(file, 0o600);
  return secret;
}
