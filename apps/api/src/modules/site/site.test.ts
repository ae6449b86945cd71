// GET /api/site and its setting: the contact address the terms and the privacy policy show.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp } from '../../test/app';

let app: FastifyInstance;
// The database starts for this file alone: give it the time a busy machine needs.
beforeAll(async () => {
  app = await buildTestApp({ contactEmail: 'crew@example.org' });
}, 240_000);
afterAll(async () => {
  await app?.close();
});

describe('the contact address', () => {
  it('defaults to a mailbox of the site, takes CONTACT_EMAIL, and refuses what is not an address', () => {
    expect(loadConfig({}).contactEmail).toBe('hello@cratedig.app');
    expect(loadConfig({ CONTACT_EMAIL: '' }).contactEmail).toBe('hello@cratedig.app');
    expect(loadConfig({ CONTACT_EMAIL: 'privacy@example.org' }).contactEmail).toBe('privacy@example.org');
    expect(() => loadConfig({ CONTACT_EMAIL: 'write to us' })).toThrow(ConfigError);
  });

  it('is answered to anyone, without a token', async () => {
    const response = await app.inject({ url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ contact_email: 'crew@example.org' });
  });
});
