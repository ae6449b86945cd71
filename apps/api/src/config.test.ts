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

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
  });
});
