// The headers a trusted site sends, on every answer (web app, share previews, /api/docs, the API,
// media, assets): a Content-Security-Policy that allows exactly what the web app uses, nosniff, a
// strict referrer policy, a Permissions-Policy, an opener policy that keeps the social sign-in popup
// working, HSTS when the site is served over HTTPS (HSTS setting), and no-store on signed-in API
// answers. docs/decisions/0012-content-security-policy.md explains each allowance.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/** Features the app never uses, refused for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The Google endpoints that Firebase Auth's popup sign-in talks to with a real Firebase project. */
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
const GOOGLE_SCRIPTS = 'https://apis.google.com';

type Directives = Record<string, string[]>;

/**
 * The web app's policy. Firebase origins are allowed only when they are used: a real project (its
 * id does not start with `demo-`, the emulator-only projects) or the emulator when it is configured.
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'auth'>,
  mediaOrigins: string[] = [],
): Directives {
  const { firebaseProjectId, firebaseAuthDomain, firebaseAuthEmulatorHost } = config.auth;
  const realFirebase = !firebaseProjectId.startsWith('demo-');
  const emulator = firebaseAuthEmulatorHost ? [`http://${firebaseAuthEmulatorHost}`] : [];
  const frames = [...(realFirebase ? [`https://${firebaseAuthDomain}`] : []), ...emulator];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(realFirebase ? [GOOGLE_SCRIPTS] : [])],
    // MUI (Emotion) injects <style> elements at run time, and index.html paints its background with
    // one before any script runs: inline styles are allowed, inline scripts are not.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Artwork and audio may be absolute https URLs (a CDN or object storage, docs/api-conventions.md).
    // A bucket's own origin too (it may be plain http on a private network); the service worker
    // fetches artwork from it (connect-src).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins],
    'media-src': ["'self'", 'blob:', 'https:', ...mediaOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(realFirebase ? FIREBASE_CONNECT : []), ...emulator, ...mediaOrigins],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The helmet options: its defaults, with the policy above and the choices explained inline. */
function helmetOptions(config: Pick<AppConfig, 'auth' | 'hsts'>, mediaOrigins: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, mediaOrigins) },
    // The social sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Artwork from a CDN carries no CORP header; requiring it would break those images.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over HTTPS: on plain http a browser ignores it, and a wrong one locks a host out for a year.
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets, worked out once: they are the same on every answer, and building helmet's
 * middleware for each request (as its Fastify plugin does) cost about 0.1 ms of CPU per request.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'auth' | 'hsts'>,
  mediaOrigins: string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(helmetOptions(config, mediaOrigins))({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'auth' | 'hsts'>,
  /** Origins media are fetched from besides this site (a bucket's, when it redirects there). */
  mediaOrigins: string[] = [],
): Promise<void> {
  const headers = securityHeaders(config, mediaOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A signed-in answer is that user's alone: no browser or shared cache may keep it.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
