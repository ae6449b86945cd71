import { displayDate } from '@cratedig/contract/display-date';
// Share previews (docs/catalogue.md Sharing): open to everyone, Open Graph / Twitter tags, every value
// escaped.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { createLabel, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { escapeHtml } from './html';

let app: FastifyInstance;
// One of each kind: a festival set of two tracks on a label, and an ID first heard in that set.
const made = { sets: 0, tracks: 0, artists: 0, labels: 0, idTrack: 0 };

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://cratedig.example' });
  await resetDatabase(app.database);
  made.labels = await createLabel(app, { name: 'Kompakt' });
  made.tracks = await createTrack(app, {
    title: 'Glue',
    artist: 'Bicep',
    credited: true,
    label: made.labels,
    bpm: 124,
  });
  const second = await createTrack(app, { title: 'Atlas', artist: 'Bicep', label: made.labels });
  const set = await createSet(app, {
    name: 'Live at Dekmantel',
    releaseDate: '2024-08-03',
    festival: 'Dekmantel',
    tracks: [
      [0, 330],
      [330, 725],
    ],
    trackIds: [made.tracks, second],
  });
  made.sets = set.id;
  made.artists = set.artistId;
  made.idTrack = await createTrack(app, { title: 'ID', artist: 'ID', mixType: 'ID', foundInSetId: set.id });
  await refreshCatalogue(app);
});

afterAll(async () => {
  await app?.close();
});

async function rows<R>(statement: ReturnType<typeof sql>): Promise<R[]> {
  return ((await app.db.execute(statement)) as unknown as { rows: R[] }).rows;
}

const page = async (kind: string, id: number) => {
  const response = await app.inject({ method: 'GET', url: `/public/preview/${kind}/${id}` });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /public/preview/{kind}/{id}', () => {
  for (const kind of ['sets', 'tracks', 'artists', 'labels'] as const) {
    it(`${kind}: a readable page with 'Sign in to listen' to /${kind}/{id} and the unfurlers' tags`, async () => {
      const id = made[kind];
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
    const set = {
      id: made.sets,
      set_name: 'Live at Dekmantel',
      release_date: '2024-08-03',
      place: 'Dekmantel',
    };
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
    expect(tracks.length).toBe(2);
    const last = tracks.at(-1);
    if (!last) throw new Error('the set has no tracks');
    const clock = `${Math.floor(last.start_time / 60)}:${String(last.start_time % 60).padStart(2, '0')}`;
    expect(html).toContain(`<span class="time">${clock}</span>`);
    expect(html).toContain(escapeHtml(last.artist));
    expect(html).toContain('<li><span class="time">0:00</span>');
  });

  it('a track, an artist and a label show their key facts and link to other share pages', async () => {
    const trackHtml = await page('tracks', made.tracks);
    expect(trackHtml).toContain('<dt>Label</dt><dd>Kompakt</dd>');
    expect(trackHtml).toContain('<dt>BPM</dt><dd>124</dd>');
    expect(trackHtml).toMatch(
      /<h2 id="list-heading">Played in<\/h2>[\s\S]*href="https:\/\/cratedig\.example\/public\/preview\/sets\/\d+"/,
    );
    expect(await page('tracks', made.idTrack)).toContain('<dt>Found in</dt><dd>Live at Dekmantel</dd>');
    const artistHtml = await page('artists', made.artists);
    expect(artistHtml).toContain('<dt>Sets</dt><dd>1</dd>');
    expect(artistHtml).toContain('<h2 id="list-heading">Latest sets</h2>');
    const labelHtml = await page('labels', made.labels);
    expect(labelHtml).toContain('<dt>Tracks</dt><dd>2</dd>');
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
    const id = made.artists;
    const evil = `DJ "Evil" <script>alert('x')</script> & Co`;
    await app.db.execute(
      sql`update artists set name = ${evil}, bio = ${`<img src=x onerror="alert(1)">`} where id = ${id}`,
    );
    await app.db.execute(sql`update sets set set_name = ${'<b>Set</b> "x"'} where id = ${made.sets}`);
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
