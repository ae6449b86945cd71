// Share previews (spec §7 Sharing): open to everyone, Open Graph / Twitter tags, every value escaped.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { getTestDatabase, resetDatabase } from '../../test/database';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  app = await buildTestApp({ publicUrl: 'https://cratedig.example' });
});

afterAll(async () => {
  await app?.close();
});

const firstId = async (table: string) =>
  (
    (await database.db.execute(sql.raw(`select min(id) as id from ${table}`))) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]?.id as number;

describe('GET /public/preview/{kind}/{id}', () => {
  for (const kind of ['sets', 'tracks', 'artists', 'labels'] as const) {
    it(`${kind}: an HTML page with Open Graph and Twitter tags, sending a person on to /${kind}/{id}`, async () => {
      const id = await firstId(kind);
      const response = await app.inject({ method: 'GET', url: `/public/preview/${kind}/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const html = response.body;
      expect(html).toMatch(/<title>[^<]+ on Cratedig<\/title>/);
      for (const tag of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type']) {
        expect(html).toContain(`property="${tag}"`);
      }
      for (const tag of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
        expect(html).toContain(`name="${tag}"`);
      }
      expect(html).toMatch(/property="og:image" content="https:\/\/cratedig\.example\/media\//);
      expect(html).toContain(`content="0; url=https://cratedig.example/${kind}/${id}"`);
      expect(html).toContain(`<a href="https://cratedig.example/${kind}/${id}">`);
      expect(html).toContain(`<link rel="canonical" href="https://cratedig.example/${kind}/${id}">`);
      // The redirect script reads the canonical link; the page's policy allows that one script only.
      const script = html.match(/<script>(.*)<\/script>/)?.[1] ?? '';
      expect(script).toContain("location.replace(document.querySelector('link[rel=canonical]').href)");
      const hash = createHash('sha256').update(script).digest('base64');
      expect(response.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`);
    });
  }

  it('escapes every value: a name with <script> and quotes stays text', async () => {
    const id = await firstId('artists');
    const evil = `DJ "Evil" <script>alert('x')</script> & Co`;
    await database.db.execute(
      sql`update artists set name = ${evil}, bio = ${`<img src=x onerror="alert(1)">`} where id = ${id}`,
    );
    const html = (await app.inject({ method: 'GET', url: `/public/preview/artists/${id}` })).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"Evil"');
    expect(html).toContain(
      'DJ &quot;Evil&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co on Cratedig',
    );
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    // The only script is ours.
    expect(html.match(/<script>/g)?.length).toBe(1);
  });

  it('answers a 404 page for an unknown id, and a 4xx for an unknown kind', async () => {
    const missing = await app.inject({ method: 'GET', url: '/public/preview/sets/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Go to Cratedig');
    const badKind = await app.inject({ method: 'GET', url: '/public/preview/users/1' });
    expect(badKind.statusCode).toBeGreaterThanOrEqual(400);
    expect(badKind.statusCode).toBeLessThan(500);
  });
});
