import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/cratedig' });
    // toMatchObject: each module's settings (auth, audio links, ...) are tested beside the module.
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/cratedig/data',
      databaseUrl: undefined,
      pgliteDir: '/srv/cratedig/data/pglite',
      mediaDir: '/srv/cratedig/data/media',
      webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      seedDemo: true,
    });
  });

  it('finds the web app from the repository, whatever the working directory', () => {
    expect(loadConfig({ INIT_CWD: '/somewhere/else' }).webDistDir).toBe(resolve(REPO_ROOT, 'apps/web/dist'));
  });

  it('takes every setting from the environment', () => {
    const config = loadConfig({
      CRATEDIG_ENV: 'production',
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/cratedig',
      DATABASE_URL: 'postgresql://cratedig:secret@db.internal:5432/cratedig',
      PGLITE_DIR: '/fast-disk/pglite',
      MEDIA_DIR: 'media-store',
      WEB_DIST_DIR: '/opt/web',
      PUBLIC_URL: 'https://cratedig.example/',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JWT_SECRET: 'x'.repeat(32),
      INIT_CWD: '/srv/cratedig',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/var/lib/cratedig',
      databaseUrl: 'postgresql://cratedig:secret@db.internal:5432/cratedig',
      pgliteDir: '/fast-disk/pglite',
      mediaDir: '/srv/cratedig/media-store',
      webDistDir: '/opt/web',
      publicUrl: 'https://cratedig.example',
      logLevel: 'warn',
      seedDemo: false,
    });
  });

  it('derives the embedded database and media folders and the public URL from DATA_DIR and PORT', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/cd', PORT: '3000' });
    expect(config.pgliteDir).toBe('/tmp/cd/pglite');
    expect(config.mediaDir).toBe('/tmp/cd/media');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '', LOG_LEVEL: '' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('ignores NODE_ENV: behaviour follows explicit settings', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).env).toBe('development');
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:topsecret@db/app',
        PUBLIC_URL: 'cratedig.example',
        LOG_LEVEL: 'loud',
        CRATEDIG_ENV: 'prod',
        SEED_DEMO: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(6);
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'LOG_LEVEL', 'CRATEDIG_ENV', 'SEED_DEMO']) {
      expect(error.message).toContain(`${name}: `);
    }
    expect(error.message).toContain('PORT: must be a whole number between 0 and 65535 (got "eighty")');
    expect(error.message).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
    // A database URL may hold a password: it is named, never echoed.
    expect(error.message).not.toContain('topsecret');
  });

  it('behind a pooler in transaction mode requires a direct URL for live events', () => {
    const pooled = {
      DATABASE_URL: 'postgres://u:p@pgbouncer:6432/cratedig',
      DATABASE_POOL_MODE: 'transaction',
    };
    expect(() => loadConfig(pooled)).toThrow(
      /DATABASE_LISTEN_URL: is required when DATABASE_POOL_MODE=transaction/,
    );
    const config = loadConfig({ ...pooled, DATABASE_LISTEN_URL: 'postgres://u:p@db:5432/cratedig' });
    expect(config).toMatchObject({
      databasePoolMode: 'transaction',
      databaseListenUrl: 'postgres://u:p@db:5432/cratedig',
    });
    expect(loadConfig({}).databasePoolMode).toBe('session');
    expect(() => loadConfig({ DATABASE_POOL_MODE: 'statement' })).toThrow(ConfigError);
  });

  it('keeps media in the folder by default, and in a bucket with its name, keys and URL life', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'folder' });
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'cratedig-media',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret',
      S3_PREFIX: 'prod/media',
      MEDIA_DELIVERY: 'proxy',
      MEDIA_URL_TTL_S: '600',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      delivery: 'proxy',
      s3: {
        bucket: 'cratedig-media',
        endpoint: 'https://acc.r2.cloudflarestorage.com',
        region: 'auto',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI-secret',
        forcePathStyle: false,
        prefix: 'prod/media/',
        urlTtlS: 600,
      },
    });
  });

  it('refuses a bucket without its name, half a key pair, and prefixes or lives that do not work', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: is required when MEDIA_STORE=s3/);
    const half = () =>
      loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'only-the-secret' });
    expect(half).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/);
    let error: ConfigError | undefined;
    try {
      loadConfig({
        MEDIA_STORE: 'gcs',
        S3_BUCKET: 'Not_A_Bucket',
        S3_PREFIX: '../up',
        MEDIA_URL_TTL_S: '900000',
        S3_SECRET_ACCESS_KEY: 'never-shown-secret',
        S3_ENDPOINT: 'ftp://store',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error?.problems).toEqual(
      expect.arrayContaining([
        'MEDIA_STORE: must be folder or s3 (got "gcs")',
        expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
        expect.stringMatching(/^S3_PREFIX: /),
        expect.stringMatching(/^MEDIA_URL_TTL_S: must be a whole number of seconds from 60 to 604800/),
        expect.stringMatching(/^S3_ENDPOINT: must be an http/),
      ]),
    );
    expect(error?.message).not.toContain('never-shown-secret');
  });

  it('reads a replica only beside a PostgreSQL server, skipping it past the lag set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/cratedig',
      DATABASE_REPLICA_URL: 'postgres://u:p@replica:5432/cratedig',
      REPLICA_MAX_LAG_MS: '2000',
    });
    expect(config).toMatchObject({
      databaseReplicaUrl: 'postgres://u:p@replica:5432/cratedig',
      replicaMaxLagMs: 2000,
    });
    expect(loadConfig({}).replicaMaxLagMs).toBe(5000);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://u:p@replica:5432/cratedig' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://u:secret@r/db' })).toThrow(
      /DATABASE_REPLICA_URL: must be a postgres:\/\/ or postgresql:\/\/ URL$/m,
    );
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: '10' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
  });
});
