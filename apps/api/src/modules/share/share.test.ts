import { displayDate } from '@cratedig/contract/display-date';
// Share previews (spec §7 Sharing): open to everyone, Open Graph / Twitter tags, every value escaped.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { escapeHtml } from './html';

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

async function rows<R>(statement: ReturnType<typeof sql>): Promise<R[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: R[] }).rows;
}
async function one<R>(statement: ReturnType<typeof sql>): Promise<R> {
  const [row] = await rows<R>(statement);
  if (!row) throw new Error('no row');
  return row;
}

const firstId = async (table: string) =>
  (
    (await database.db.execute(sql.raw(`select min(id) as id from ${table}`))) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]?.id as number;

const page = async (kind: string, id: number) => {
  const response = await app.inject({ method: 'GET', url: `/public/preview/${kind}/${id}` });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /public/preview/{kind}/{id}', () => {
  for (const kind of ['sets', 'tracks', 'artists', 'labels'] as const) {
    it(`${kind}: a readable page with 'Sign in to listen' to /${kind}/{id} and the unfurlers' tags`, async () => {
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
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html).toMatch(/<img class="art" src="https:\/\/cratedig\.example\/media\/[^"]+" alt=""/);
      expect(html).toContain(
        `<a class="cta" href="https://cratedig.example/${kind}/${id}">Sign in to listen</a>`,
      );
      // A person stays on the page: no automatic redirect, no script, no inline style.
      expect(html).not.toContain('http-equiv="refresh"');
      expect(html).not.toMatch(/<script|\sstyle=|<style/);
      expect(html).toContain('<link rel="stylesheet" href="/public/preview.css">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    });
  }

  it('a set shows its artists, where and when it was recorded and the full track list with times', async () => {
    const set = await one<{
      id: number;
      set_name: string;
      release_date: string;
      track_count: number;
      place: string | null;
    }>(
      sql`select s.id, s.set_name, s.release_date::text as release_date, s.track_count,
            coalesce(f.name, v.name) as place
          from sets s left join festivals f on f.id = s.festival_id left join venues v on v.id = s.venue_id
          where coalesce(s.festival_id, s.venue_id) is not null order by s.id limit 1`,
    );
    const tracks = await rows<{ start_time: number; title: string; artist: string }>(
      sql`select st.start_time, t.title, t.artist from set_tracks st join tracks t on t.id = st.track_id
          where st.set_id = ${set.id} order by st.track_position`,
    );
    const html = await page('sets', set.id);
    expect(html).toContain(`<h1>${escapeHtml(set.set_name)}</h1>`);
    // dates read as in the app ('3 Mar 2024'), not as ISO
    expect(html).toContain(`<dt>Recorded</dt><dd>${displayDate(set.release_date)}</dd>`);
    expect(html).not.toContain(set.release_date);
    expect(html).toContain(escapeHtml(set.place ?? ''));
    expect(html).toContain('<h2 id="list-heading">Track list</h2>');
    expect(html.match(/<li><span class="time">/g)?.length).toBe(tracks.length);
    expect(tracks.length).toBe(set.track_count);
    const last = tracks.at(-1);
    if (!last) throw new Error('a demo set without tracks');
    const clock = `${Math.floor(last.start_time / 60)}:${String(last.start_time % 60).padStart(2, '0')}`;
    expect(html).toContain(`<span class="time">${clock}</span>`);
    expect(html).toContain(escapeHtml(last.artist));
    expect(html).toContain('<li><span class="time">0:00</span>');
  });

  it('a track, an artist and a label show their key facts and link to other share pages', async () => {
    const track = await one<{ id: number; label_name: string; bpm: number }>(
      sql`select id, label_name, bpm from tracks where mix_type <> 'ID' and label_name is not null and bpm is not null
          and set_count > 0 order by id limit 1`,
    );
    const trackHtml = await page('tracks', track.id);
    expect(trackHtml).toContain(`<dt>Label</dt><dd>${escapeHtml(track.label_name)}</dd>`);
    expect(trackHtml).toContain(`<dt>BPM</dt><dd>${track.bpm}</dd>`);
    expect(trackHtml).toMatch(
      /<h2 id="list-heading">Played in<\/h2>[\s\S]*href="https:\/\/cratedig\.example\/public\/preview\/sets\/\d+"/,
    );
    const idTrack = await one<{ id: number; set_name: string }>(
      sql`select t.id, s.set_name from tracks t join sets s on s.id = t.found_in_set_id where t.mix_type = 'ID' order by t.id limit 1`,
    );
    expect(await page('tracks', idTrack.id)).toContain(
      `<dt>Found in</dt><dd>${escapeHtml(idTrack.set_name)}</dd>`,
    );
    const artist = await one<{ id: number; set_count: number }>(
      sql`select id, set_count from artists where set_count > 0 order by id limit 1`,
    );
    const artistHtml = await page('artists', artist.id);
    expect(artistHtml).toContain(`<dt>Sets</dt><dd>${artist.set_count}</dd>`);
    expect(artistHtml).toContain('<h2 id="list-heading">Latest sets</h2>');
    const label = await one<{ id: number; track_count: number }>(
      sql`select id, track_count from labels where track_count > 0 order by id limit 1`,
    );
    const labelHtml = await page('labels', label.id);
    expect(labelHtml).toContain(`<dt>Tracks</dt><dd>${label.track_count}</dd>`);
    expect(labelHtml).toContain('<h2 id="list-heading">Latest tracks</h2>');
  });

  it('serves its stylesheet: the dark theme, one column on phones', async () => {
    const css = await app.inject({ method: 'GET', url: '/public/preview.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('background: #09090c');
    expect(css.body).toContain('@media (max-width: 640px)');
  });

  it('escapes every value: a name with <script> and quotes stays text', async () => {
    const { id } = await one<{ id: number }>(sql`select min(artist_id) as id from set_artists`);
    const evil = `DJ "Evil" <script>alert('x')</script> & Co`;
    await database.db.execute(
      sql`update artists set name = ${evil}, bio = ${`<img src=x onerror="alert(1)">`} where id = ${id}`,
    );
    const setId = await one<{ id: number }>(
      sql`select sa.set_id as id from set_artists sa where sa.artist_id = ${id} limit 1`,
    );
    await database.db.execute(sql`update sets set set_name = ${'<b>Set</b> "x"'} where id = ${setId.id}`);
    const html = (await app.inject({ method: 'GET', url: `/public/preview/artists/${id}` })).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"Evil"');
    expect(html).toContain(
      'DJ &quot;Evil&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co on Cratedig',
    );
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;b&gt;Set&lt;/b&gt; &quot;x&quot;');
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

describe('the share page looks like the app', () => {
  it("uses the app's typefaces, served beside the stylesheet", async () => {
    const css = await app.inject({ url: '/public/preview.css' });
    expect(css.body).toContain('font-family: "Inter Variable"');
    expect(css.body).toContain('"Space Grotesk Variable"');
    for (const file of ['inter.woff2', 'space-grotesk.woff2']) {
      expect(css.body).toContain(`/public/fonts/${file}`);
      const font = await app.inject({ url: `/public/fonts/${file}` });
      expect(font.statusCode).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    expect((await app.inject({ url: '/public/fonts/other.woff2' })).statusCode).toBe(404);
  });
});
