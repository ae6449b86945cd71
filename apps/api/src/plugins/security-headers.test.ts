// Every surface carries the security headers: app pages, assets, share previews, /api/docs, the
// API (errors included), media; signed-in API answers are never stored; HSTS only when set.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../test/app';
import { createUserWithToken } from '../test/auth';
import { authOverrides } from '../test/auth-overrides';

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = makeTempDir('cratedig-dist-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  app = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await app.close();
});

function directives(response: LightMyRequestResponse): Map<string, string> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0] ?? '', part.slice(part.indexOf(' ') + 1)]),
  );
}

const SURFACES = [
  ['an app page', 'GET', '/home'],
  ['the app root', 'GET', '/'],
  ['an asset', 'GET', '/assets/app-abc123.js'],
  ['a share preview', 'GET', '/public/preview/sets/1'],
  ['the API docs', 'GET', '/api/docs/static/index.html'],
  ['the OpenAPI document', 'GET', '/api/docs/json'],
  ['an API answer', 'GET', '/api/health'],
  ['an API error', 'GET', '/api/sets/abc'],
  ['an unknown endpoint', 'POST', '/api/nothing-here'],
  ['media', 'GET', '/media/nothing.jpg'],
  ['an address with bad percent-encoding', 'GET', '/api/sets/%E0%A4%A'],
] as const;

describe('security headers', () => {
  for (const [name, method, url] of SURFACES) {
    it(`are on ${name} (${method} ${url})`, async () => {
      const response = await app.inject({ method, url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = directives(response);
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      if (url.includes('%E0')) return; // answered before routing: the JSON error's own minimal policy
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('base-uri'), url).toBe("'none'");
      expect(csp.get('script-src'), url).toBe("'self'");
    });
  }

  it('marks signed-in API answers no-store', async () => {
    const me = await createUserWithToken(app);
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = await app.inject({ method: 'GET', url: '/api/sets', headers: me.headers });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only when the HSTS setting is on', async () => {
    const secure = await buildTestApp({ webDistDir: distDir, hsts: true });
    try {
      const response = await secure.inject({ method: 'GET', url: '/home' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('the content security policy and Firebase sign-in', () => {
  it('allows no Google origin with the demo project, and the emulator only when it is configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/home' });
    const csp = directives(response);
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe("'none'");
    const withEmulator = await buildTestApp(authOverrides({ firebaseAuthEmulatorHost: '127.0.0.1:9099' }));
    try {
      const emulated = directives(await withEmulator.inject({ method: 'GET', url: '/home' }));
      expect(emulated.get('connect-src')).toBe("'self' http://127.0.0.1:9099");
      expect(emulated.get('frame-src')).toBe('http://127.0.0.1:9099');
    } finally {
      await withEmulator.close();
    }
  });

  it("allows a real project's sign-in origins: its auth domain, Google's auth endpoints and scripts", async () => {
    const real = await buildTestApp(
      authOverrides({
        firebaseProjectId: 'cratedig-prod',
        firebaseAuthDomain: 'cratedig-prod.firebaseapp.com',
      }),
    );
    try {
      const csp = directives(await real.inject({ method: 'GET', url: '/home' }));
      expect(csp.get('script-src')).toBe("'self' https://apis.google.com");
      expect(csp.get('frame-src')).toBe('https://cratedig-prod.firebaseapp.com');
      expect(csp.get('connect-src')).toContain('https://identitytoolkit.googleapis.com');
      expect(csp.get('script-src')).not.toContain('unsafe-inline');
    } finally {
      await real.close();
    }
  });
});
