// A backup restored into an empty data folder (PGlite) or an empty database (PostgreSQL, with
// TEST_DATABASE_URL) answers every list and detail call exactly as the original did, for every user.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '@cratedig/contract/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { fillItemDocs } from '../../db/read-models/catalogue-item-docs';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { captureOutput, runCommand } from '../../test/commands';
import { emptyServerDatabase, resetDatabase, workerDatabaseUrl } from '../../test/database';
import { createFestival, createLabel, createSet, createTrack, createVenue } from '../../test/factories';
import { detailsOf, readyDraft } from '../../test/publish';
import { backupCommand, restoreCommand } from '../commands/backup';
import { releaseCommand } from '../commands/release';
import { runOfflineCommand } from '../run-command';

const JWT_SECRET = 'backup-test-secret-that-is-at-least-32-characters';
const serverUrl = process.env.TEST_DATABASE_URL;

let app: FastifyInstance;
/** Each user's draft (a DJ's own set not yet published). */
const drafts = new Map<number, string>();
let users: SignedInUser[];
let ids: Record<string, number>;
const work = makeTempDir('cratedig-backup-test-');
const mediaDir = join(work, 'media');

function withSecret(config: AppConfig): Partial<AppConfig> {
  return { auth: { ...config.auth, jwtSecret: JWT_SECRET } };
}

async function call(
  target: FastifyInstance,
  method: string,
  url: string,
  user: SignedInUser,
  payload?: unknown,
) {
  const response = await target.inject({
    method: method as 'GET',
    url,
    headers: user.headers,
    payload: payload as object,
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.body;
}

/** Every GET call of the routes table, its path parameters filled with the ids of what was made. */
function everyReadUrl(user: SignedInUser): string[] {
  const urls: string[] = [];
  for (const [group, entries] of Object.entries(routes)) {
    for (const route of Object.values(entries) as { method: string; path: string; auth: string }[]) {
      if (route.method !== 'GET' || route.auth === 'firebase') continue;
      const id =
        group === 'users' || route.path.startsWith('/api/users/:id')
          ? user.user.id
          : group === 'sets'
            ? ids.set
            : group === 'artists'
              ? ids.artist
              : group === 'labels'
                ? ids.label
                : group === 'festivals'
                  ? ids.festival
                  : group === 'venues'
                    ? ids.venue
                    : group === 'identifications'
                      ? ids.idTrack
                      : ids.track;
      const path = route.path
        .replace(':username', user.user.username)
        .replace(':track_id', String(ids.track))
        // a DJ's own set is named by its upload's id
        .replace(':id', group === 'publish' ? (drafts.get(user.user.id) as string) : String(id));
      urls.push(
        path === '/api/search' ? `${path}?s=night` : path === '/api/tracks' ? `${path}?search=night` : path,
      );
    }
  }
  return urls;
}

async function everyAnswer(target: FastifyInstance): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const user of users) {
    for (const url of everyReadUrl(user)) {
      const response = await target.inject({ method: 'GET', url, headers: user.headers });
      // Every call answers (a failure would compare equal before and after and prove nothing).
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      // a signed audio link carries its expiry, which moves on every quarter hour: compare the link
      answers[`${user.user.username} ${url}`] = response.body.replace(
        /\?u=\d+&exp=\d+&sig=[\w-]+/g,
        '?signed',
      );
    }
  }
  return answers;
}

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  await app.close();
  app = await buildTestApp({ ...withSecret(app.config), mediaDir });
  mkdirSync(join(mediaDir, 'audio'), { recursive: true });
  writeFileSync(join(mediaDir, 'audio', 'night-drive.mp3'), Buffer.alloc(4096, 7));
  writeFileSync(join(mediaDir, 'cover.jpg'), 'jpeg bytes');
  const festival = await createFestival(app, 'Tidewater Festival');
  const venue = await createVenue(app, 'Halle Null');
  const performer = await createSet(app, {
    name: 'Night Drive',
    festivalId: festival,
    venueId: venue,
    tracks: [
      [0, 300],
      [300, 600],
    ],
  });
  const idTrack = await createTrack(app, { mixType: 'ID', title: 'ID', foundInSetId: performer.id });
  ids = { set: performer.id, artist: performer.artistId, track: performer.trackIds[0] as number, idTrack };
  ids.label = await createLabel(app);
  ids.festival = festival;
  ids.venue = venue;
  users = [await createUserWithToken(app), await createUserWithToken(app)];
  for (const user of users) {
    const uid = user.user.id;
    // a recording each, published from the browser, its rendition in the media folder
    const draft = await readyDraft(app, user, {
      seconds: 30,
      details: detailsOf({ set_name: `Harbour Sessions by ${user.user.username}`, djs: ['Kessa'] }),
    });
    await call(app, 'POST', `/api/publish/sets/${draft}/publish`, user);
    drafts.set(uid, draft);
    await call(app, 'PUT', `/api/favs/set/${ids.set}/likes`, user);
    await call(app, 'PUT', `/api/favs/track/${ids.track}/likes`, user);
    await call(app, 'POST', '/api/set-likes', user, { set_meta_id: ids.set, set_timestamp: 42.5 });
    await call(app, 'POST', '/api/queue', user, { user_id: uid, set_meta_id: ids.set });
    await call(app, 'PUT', '/api/plays', user, { set_meta_id: ids.set, current_timestamp: 120 });
    await call(app, 'POST', '/api/posts', user, {
      text: `Heard at 2 min by ${user.user.username}`,
      set_meta_id: ids.set,
      set_timestamp: 120,
    });
    await call(app, 'PUT', `/api/favs/track/${ids.idTrack}`, user);
    await call(app, 'PUT', `/api/stats/festival/${ids.festival}/follow`, user);
  }
  await call(app, 'POST', `/api/tracks/${ids.idTrack}/identifications`, users[0] as SignedInUser, {
    artist: 'Kessa',
    title: 'Undertow',
  });
  // A release notifies both watchers of the ID.
  const released = await createTrack(app, { title: 'Undertow', artist: 'Kessa' });
  const release = await runCommand(
    releaseCommand,
    app.database,
    app.config,
    [String(idTrack), String(released)],
    '/',
  );
  expect(release.out.join('\n')).toContain('2 listeners notified');
}, 400_000);

afterAll(async () => {
  await app?.close();
});

async function itemDocs(database: Database): Promise<number> {
  const { rows } = await database.executeSql('select count(*)::int as n from catalogue_item_docs');
  return (rows[0] as { n: number }).n;
}

describe(`cratedig backup and restore (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives back every answer in an empty data folder, and refuses to restore over data', async () => {
    // the items' documents are written, as the job writes them on a running server
    await fillItemDocs(app.db);
    const docs = await itemDocs(app.database);
    expect(docs).toBeGreaterThan(0);
    const before = await everyAnswer(app);
    const file = join(work, 'cratedig.backup');
    const backup = await runCommand(
      backupCommand,
      app.database,
      { ...app.config, databaseUrl: workerDatabaseUrl() },
      [file],
      '/',
    );
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.out.join('\n')).toMatch(/backed up 2 accounts, 3 sets, \d+ tracks and 4 media files/);

    const restoredUrl = await emptyServerDatabase('restored');
    const restoredData = join(work, 'restored');
    const config = {
      ...app.config,
      dataDir: restoredData,
      databaseUrl: restoredUrl,
      pgliteDir: join(restoredData, 'pglite'),
      mediaDir: join(restoredData, 'media'),
    };
    const out = captureOutput();
    const code = await runOfflineCommand(restoreCommand, [file], { config, out, cwd: '/' });
    expect(out.errors).toEqual([]);
    expect(code).toBe(0);
    expect(out.lines.join('\n')).toMatch(/restored 2 accounts, 3 sets/);
    expect(readFileSync(join(restoredData, 'media', 'audio', 'night-drive.mp3'))).toHaveLength(4096);

    const again = captureOutput();
    expect(await runOfflineCommand(restoreCommand, [file], { config, out: again, cwd: '/' })).toBe(1);
    expect(again.errors.join('\n')).toMatch(/not empty|already has tables/);

    const restored: Database = await openDatabase(
      restoredUrl ? { databaseUrl: restoredUrl, poolMax: 2 } : { dataDir: config.pgliteDir },
    );
    await migrate(restored);
    // PostgreSQL dumps leave the documents' rows out (the job writes them again); a PGlite folder
    // holds them
    expect(await itemDocs(restored)).toBe(serverUrl ? 0 : docs);
    const second = await buildTestApp(
      { ...withSecret(app.config), mediaDir: config.mediaDir },
      { database: restored },
    );
    try {
      const after = await everyAnswer(second);
      expect(Object.keys(after).length).toBeGreaterThan(60);
      expect(after).toEqual(before);
    } finally {
      await second.close();
      await restored.close();
    }
  }, 400_000);
});
