// spec §7 "Session and account" over HTTP; the rules are in service.ts and reset-service.ts.
import {
  clientConfig,
  createUserBody,
  emailParams,
  endSessionBody,
  linkAuthIdBody,
  notificationPreferencesBody,
  profileUpdateBody,
  refreshTokensBody,
  requestResetBody,
  resetPasswordBody,
  tokenPair,
  usernameLookup,
  usernameParams,
} from '@cratedig/contract/accounts';
import { errorShape } from '@cratedig/contract/common';
import { user } from '@cratedig/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMailer } from '../../lib/mailer';
import { userContext } from '../../lib/service-context';
import { requireFirebase } from '../../plugins/auth';
import { accountsContext } from './context';
import { requestPasswordReset, resetPassword } from './reset-service';
import * as accounts from './service';
import { endEverySession, endSession } from './session-service';

const errors = { '4xx': errorShape, '5xx': errorShape };
const noContent = z.null().meta({ description: 'No content.' });
const bearer = [{ bearer: [] }];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = accountsContext(app, createMailer(app.config.auth));
  const tags = ['accounts'];

  // spec §7: POST /me/onboarding "sends an empty body", possibly still labelled JSON. In this
  // module only, an empty JSON body reads as no body instead of a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const bad = error as Error & { statusCode?: number };
      bad.statusCode = 400;
      done(bad, undefined);
    }
  });

  app.get(
    '/api/client-config',
    {
      schema: {
        summary: 'Identity-provider settings for the web app',
        tags,
        response: { 200: clientConfig },
      },
    },
    async () => {
      const { auth } = app.config;
      return {
        firebase: {
          api_key: auth.firebaseApiKey,
          auth_domain: auth.firebaseAuthDomain,
          project_id: auth.firebaseProjectId,
          emulator_url: auth.firebaseAuthEmulatorHost ? `http://${auth.firebaseAuthEmulatorHost}` : null,
        },
        mail_from: auth.mailFrom,
      };
    },
  );

  app.get(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: { summary: 'The signed-in user', tags, security: bearer, response: { 200: user, ...errors } },
    },
    async (request) => accounts.getMe(userContext(app, request)),
  );

  app.post(
    '/api/tokens',
    {
      schema: {
        summary: 'Sign in with Basic username:password',
        tags,
        response: { 200: tokenPair, ...errors },
      },
    },
    async (request) => accounts.login(ctx, request.headers.authorization, request.ip),
  );

  app.put(
    '/api/tokens',
    {
      schema: {
        summary: 'Rotate the refresh token',
        tags,
        body: refreshTokensBody,
        response: { 200: tokenPair, ...errors },
      },
    },
    async (request) => accounts.refresh(ctx, request.body),
  );

  app.delete(
    '/api/tokens',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'End the session of this refresh token (Logout)',
        tags,
        security: bearer,
        body: endSessionBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await endSession(ctx, userContext(app, request).userId, request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/me/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'End every session of the signed-in user (Sign out everywhere)',
        tags,
        security: bearer,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await endEverySession(ctx, userContext(app, request).userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/un/:username',
    {
      schema: {
        summary: 'How a username signs in',
        tags,
        params: usernameParams,
        response: { 200: usernameLookup, ...errors },
      },
    },
    async (request) => accounts.lookupUsername(ctx, request.params.username, request.ip),
  );

  app.get(
    '/api/users/:email',
    {
      onRequest: app.authenticateFirebase,
      schema: {
        summary: 'The account of the Firebase token’s verified email',
        tags,
        security: bearer,
        params: emailParams,
        response: { 200: user, ...errors },
      },
    },
    async (request) => accounts.getUserByEmail(ctx, requireFirebase(request), request.params.email),
  );

  app.post(
    '/api/users',
    {
      // Registration is open; the social form needs the Firebase token, checked in the handler.
      onRequest: app.identify,
      schema: {
        summary: 'Register (password form) or create the account of a first social sign-in',
        tags,
        body: createUserBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      if (request.body.firebase_uid === undefined) return accounts.register(ctx, request.body, request.ip);
      return accounts.createSocialUser(ctx, request.body, requireFirebase(request));
    },
  );

  app.put(
    '/api/users/auth-id',
    {
      onRequest: app.authenticateFirebase,
      schema: {
        summary: 'Link the Firebase sign-in to an existing account',
        tags,
        security: bearer,
        body: linkAuthIdBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => accounts.linkAuthId(ctx, request.body, requireFirebase(request)),
  );

  app.post(
    '/api/tokens/reset',
    {
      schema: {
        summary: 'Mail a password reset link (always 204)',
        tags,
        body: requestResetBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/tokens/reset',
    {
      schema: {
        summary: 'Set a new password with a reset link',
        tags,
        body: resetPasswordBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/me/notification-preferences',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Set the notification preferences',
        tags,
        security: bearer,
        body: notificationPreferencesBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => accounts.updateNotificationPreferences(userContext(app, request), request.body),
  );

  app.put(
    '/api/me/profile-update',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Edit the profile',
        tags,
        security: bearer,
        body: profileUpdateBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => accounts.updateProfile(userContext(app, request), request.body),
  );

  app.post(
    '/api/me/onboarding',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Mark onboarding completed',
        tags,
        security: bearer,
        response: { 200: user, ...errors },
      },
    },
    async (request) => accounts.completeOnboarding(userContext(app, request)),
  );
};
