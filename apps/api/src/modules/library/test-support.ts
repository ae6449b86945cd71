// Shared by the library and comments tests: the demo catalogue, picking its items, and many signed-in
// users at once (real accounts rows and real access tokens, without an argon2 hash per user).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../../db/seed/demo';
import { signAccessToken } from '../../lib/tokens';
import { makeTempDir } from '../../test/app';
import { resetDatabase } from '../../test/database';

/** Empties the database and loads the demo catalogue without media (~1.5 s). */
export async function seedCatalogue(app: FastifyInstance): Promise<void> {
  await resetDatabase(app.database);
  await seedDemo(app.database, { mediaDir: makeTempDir('cratedig-media-'), media: false });
}

/** The ids a query returns, e.g. `select id from tracks where mix_type = 'ID' order by id limit 3`. */
export async function ids(app: FastifyInstance, query: string): Promise<number[]> {
  const result = (await app.db.execute(sql.raw(query))) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

export async function oneId(app: FastifyInstance, query: string): Promise<number> {
  const [id] = await ids(app, query);
  if (id === undefined) throw new Error(`no row for: ${query}`);
  return id;
}

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
