// docs/accounts.md "Tokens and sessions" over HTTP; the rules are in service.ts and reset-service.ts.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { socialSignInEnabled } from '../../config';
import { createMailer } from '../../lib/mailer';
import { route } from '../../lib/route';
import { requireFirebase } from '../../plugins/auth';
import { userContext } from '../../plugins/service-context';
import { accountsContext } from './context';
import { requestPasswordReset, resetPassword } from './reset-service';
import * as accounts from './service';
import { endEverySession, endSession } from './session-service';

export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = accountsContext(app, createMailer(app.config.auth));
  const { accounts: call } = calls;

  // docs/accounts.md: POST /me/onboarding "sends an empty body", possibly still labelled JSON. In this
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

  route(app, call.clientConfig, async () => {
    const { auth } = app.config;
    return {
      firebase: {
        api_key: auth.firebaseApiKey,
        auth_domain: auth.firebaseAuthDomain,
        project_id: auth.firebaseProjectId,
        emulator_url: auth.firebaseAuthEmulatorHost ? `http://${auth.firebaseAuthEmulatorHost}` : null,
        enabled: socialSignInEnabled(auth),
      },
      mail_from: auth.mailFrom,
    };
  });
  route(app, call.me, (request) => accounts.getMe(userContext(app, request)));
  route(app, call.login, (request) => accounts.login(ctx, request.headers.authorization, request.ip));
  route(app, call.refresh, (request) => accounts.refresh(ctx, request.body));
  route(app, call.lookupUsername, (request) =>
    accounts.lookupUsername(ctx, request.params.username, request.ip),
  );
  route(app, call.byEmail, (request) =>
    accounts.getUserByEmail(ctx, requireFirebase(request), request.params.email),
  );
  // Registration is open; the social form needs the Firebase token (an optional one here).
  route(app, call.create, (request) => {
    if (request.body.firebase_uid === undefined) return accounts.register(ctx, request.body, request.ip);
    return accounts.createSocialUser(ctx, request.body, requireFirebase(request));
  });
  route(app, call.linkAuthId, (request) => accounts.linkAuthId(ctx, request.body, requireFirebase(request)));
  route(app, call.endSession, async (request, reply) => {
    await endSession(ctx, userContext(app, request).userId, request.body.refresh_token);
    return reply.code(204).send(null);
  });
  route(app, call.endEverySession, async (request, reply) => {
    await endEverySession(ctx, userContext(app, request).userId);
    return reply.code(204).send(null);
  });
  route(app, call.requestReset, async (request, reply) => {
    await requestPasswordReset(ctx, request.body.email);
    return reply.code(204).send(null);
  });
  route(app, call.resetPassword, async (request, reply) => {
    await resetPassword(ctx, request.body.token, request.body.new_password);
    return reply.code(204).send(null);
  });
  route(app, call.notificationPreferences, (request) =>
    accounts.updateNotificationPreferences(userContext(app, request), request.body),
  );
  route(app, call.updateProfile, (request) =>
    accounts.updateProfile(userContext(app, request), request.body),
  );
  route(app, call.completeOnboarding, (request) => accounts.completeOnboarding(userContext(app, request)));
};
