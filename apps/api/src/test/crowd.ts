// Many signed-in users at once: real users rows and real access tokens, without an argon2 hash per
// user (registration through the API hashes a password, which takes a while per user).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../lib/tokens';

export interface CrowdUser {
  id: number;
  headers: { authorization: string };
}

let crowdSequence = 0;

/** `n` users with access tokens signed by the app's own key (the auth plugin verifies them as usual). */
export async function crowd(app: FastifyInstance, n: number): Promise<CrowdUser[]> {
  crowdSequence += 1;
  const tag = `${crowdSequence}-${Date.now().toString(36)}`;
  const result = (await app.db.execute(sql`
    insert into users (username, email, auth_provider)
    select 'crowd-' || ${tag} || '-' || g, 'crowd-' || ${tag} || '-' || g || '@example.test', 'web_client'
    from generate_series(1, ${n}) g
    returning id`)) as unknown as { rows: { id: number }[] };
  return Promise.all(
    result.rows.map(async ({ id }) => ({
      id,
      headers: { authorization: `Bearer ${await signAccessToken(app.accessTokens, id)}` },
    })),
  );
}
