// The digest's unsubscribe, open to everyone holding the signed link (no sign-in): GET shows a page
// that confirms and offers the button (it changes nothing, since mail scanners open links), and POST
// turns digests off — the RFC 8058 one-click form a mail client sends
// ("List-Unsubscribe=One-Click"), and the page's button.
import { idParam } from '@cratedig/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContext } from '../../plugins/service-context';
import { turnOffDigests } from '../accounts/service';
import { UNSUBSCRIBE_PATH, verifyUnsubscribe } from './unsubscribe-links';

const query = z.object({ u: idParam, t: z.string().min(1).max(100) });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Cratedig</title></head>
<body style="font-family:Arial,sans-serif;max-width:480px;margin:48px auto;padding:0 16px">
<h1 style="font-size:22px">${title}</h1>
${body}
</body></html>`;
}

const INVALID = page(
  'This unsubscribe link is not valid',
  '<p>It may have been cut short. Open the link from the latest Cratedig mail again, or change your notification preferences in your profile.</p>',
);

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients post the one-click form urlencoded; its content does not matter, the link is the proof.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  // HTML pages, not JSON calls: outside the contract's table of calls, so their OpenAPI entry is here.
  const schema = { tags: ['notifications'], security: [], querystring: query, produces: ['text/html'] };

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...schema,
        operationId: 'unsubscribePage',
        summary: 'Confirms the unsubscribe from email digests (changes nothing)',
      },
    },
    async (request, reply) => {
      const { u, t } = request.query;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!verifyUnsubscribe(app.config, u, t)) return reply.code(400).send(INVALID);
      const action = `${UNSUBSCRIBE_PATH}?u=${u}&t=${encodeURIComponent(t)}`;
      return reply.send(
        page(
          'Stop the email digests?',
          `<p>You will no longer get mails about IDs you watch coming out. The bell on Cratedig keeps telling you.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:16px;padding:10px 18px">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...schema,
        operationId: 'unsubscribeOneClick',
        summary: 'One-click unsubscribe from email digests (RFC 8058)',
      },
    },
    async (request, reply) => {
      const { u, t } = request.query;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!verifyUnsubscribe(app.config, u, t)) return reply.code(400).send(INVALID);
      await turnOffDigests(serviceContext(app), u);
      return reply.send(
        page(
          'You are unsubscribed',
          '<p>No more email digests will be sent. You can turn them on again under Notification Preferences in your profile.</p>',
        ),
      );
    },
  );
};
