// A listener pastes a tracklist for a set: what the preview says of each line, and what a submission
// proposes, as whom, and how it meets proposals already there.

import { join } from 'node:path';
import type { TracklistPreview, TracklistSubmission } from '@cratedig/contract/contribute-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../../cli/commands/import';
import { buildTestApp, makeTempDir } from '../../test/app';
import { runCommand } from '../../test/commands';
import { type IncompleteSet, incompleteSet, tracklistCalls } from '../../test/contribute';
import { type CrowdUser, crowd } from '../../test/crowd';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { appendSetTrack, createArtist, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { calls } from '../../test/identifications';
import { writeMp3, writeText } from '../../test/import-fixtures';
import { query } from '../../test/sql';

let app: FastifyInstance;
let set: IncompleteSet;
let paste: ReturnType<typeof tracklistCalls>;
let alice: CrowdUser;
let bob: CrowdUser;

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  app = await buildTestApp();
  set = await incompleteSet(app);
  paste = tracklistCalls(app);
  [alice, bob] = (await crowd(app, 2)) as [CrowdUser, CrowdUser];
});
afterAll(async () => {
  await app.close();
});

/** The artists' names carry the factory's number ('Bicep 1'); read them from the set's first track. */
async function names() {
  const [row] = await query<{ name: string }>(
    app,
    sql`select artist as name from tracks where id = ${set.glue}`,
  );
  return { bicep: row?.name ?? '' };
}

async function proposals(): Promise<number> {
  const [row] = await query<{ n: string | number }>(app, sql`select count(*) as n from identifications`);
  return Number(row?.n);
}

async function timedPaste(): Promise<string> {
  const { bicep } = await names();
  const fred = bicep.replace('Bicep', 'Fred Again');
  return [
    'Tracklist:',
    `[00:00] ${bicep} - Glue`,
    `[05:02] ${fred} - Delilah`,
    '10:00 | Nova Person - Brand New Tune (Other Guy Extended Remix) [Unsigned Recordings]',
    `15:00 ${bicep} - Somewhere Else`,
    '20:00 ID - ID',
    '12:75 Broken - Time',
    'just some words',
  ].join('\n');
}

describe('the preview of a pasted tracklist', () => {
  it("says of each line what it would become against the set's list, and writes nothing", async () => {
    const before = await proposals();
    const response = await paste.preview(alice, set.setId, await timedPaste());
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<TracklistPreview>();
    expect(preview.timed).toBe(true);
    const byLine = Object.fromEntries(preview.lines.map((l) => [l.line, l]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(byLine[2]).toMatchObject({ outcome: 'same', start_time: 0, set_row: { track_meta_id: set.glue } });
    expect(byLine[3]).toMatchObject({
      outcome: 'suggestion',
      start_time: 302,
      track: { track_meta_id: set.delilah },
      set_row: { track_meta_id: set.ids[0], is_id: true, start_time: 300 },
      new_artists: [],
    });
    expect(byLine[4]).toMatchObject({
      outcome: 'suggestion',
      track: {
        track_meta_id: null,
        artist: 'Nova Person',
        title: 'Brand New Tune',
        mix_name: 'Other Guy Extended Remix',
        label_name: 'Unsigned Recordings',
      },
      set_row: { track_meta_id: set.ids[1] },
      new_artists: ['Nova Person', 'Other Guy'],
      new_labels: ['Unsigned Recordings'],
    });
    expect(byLine[5]).toMatchObject({
      outcome: 'new',
      set_row: { track_meta_id: set.grey },
      new_artists: [],
    });
    expect(byLine[5]?.note).toMatch(/not an ID: nothing is suggested/);
    expect(byLine[6]).toMatchObject({ outcome: 'id', set_row: { track_meta_id: set.ids[2] } });
    expect(byLine[7]).toMatchObject({
      outcome: 'problem',
      note: "'12:75' is not a time (mm:ss, h:mm:ss or mm.ss)",
    });
    expect(byLine[8]?.outcome).toBe('problem');
    expect(byLine[8]?.note).toMatch(/'Artist - Title'/);
    expect(preview.counts).toEqual({
      same: 1,
      suggestion: 2,
      known: 0,
      new: 1,
      id: 1,
      problem: 2,
      skipped: 0,
    });
    expect(await proposals()).toBe(before);
  });

  it('places an untimed list by order, and names the entries past the end of the set', async () => {
    const { bicep } = await names();
    const text = [
      `1. ${bicep} - Glue`,
      '2. Someone New - First Light',
      'Another Person - Second Light',
      `${bicep.replace('Bicep', 'Kolsch')} - Grey`,
      '- Third Person - Third Light',
      '6) Too Many - Tracks',
    ].join('\n');
    const preview = (await paste.preview(alice, set.setId, text)).json<TracklistPreview>();
    expect(preview.timed).toBe(false);
    expect(preview.lines.map((l) => l.outcome)).toEqual([
      'same',
      'suggestion',
      'suggestion',
      'same',
      'suggestion',
      'problem',
    ]);
    expect(preview.lines[4]?.set_row?.track_meta_id).toBe(set.ids[2]);
    expect(preview.lines[5]?.note).toBe("the set's list has 5 tracks, and this is entry 6");
  });

  it('lands a time a little off on the row that starts nearest to it', async () => {
    const text = [
      '04:45 A Person - Early Tune',
      '08:00 B Person - Middle Tune',
      '09:40 C Person - Late Tune',
    ].join('\n');
    const preview = (await paste.preview(alice, set.setId, text)).json<TracklistPreview>();
    expect(preview.lines.map((l) => [l.outcome, l.set_row?.start_time])).toEqual([
      ['suggestion', 300],
      ['new', 300],
      ['suggestion', 600],
    ]);
    expect(preview.lines[1]?.note).toBe('Line 1 already names the ID here: nothing more is suggested.');
  });

  it('names an untimed line in a timed list and a time that goes backwards', async () => {
    const text = [
      '05:00 A Person - One Tune',
      'B Person - Two Tune',
      '04:00 C Person - Three Tune',
      '26:00 D - Late',
    ].join('\n');
    const preview = (await paste.preview(alice, set.setId, text)).json<TracklistPreview>();
    expect(preview.lines.map((l) => [l.line, l.outcome])).toEqual([
      [1, 'suggestion'],
      [2, 'problem'],
      [3, 'problem'],
      [4, 'problem'],
    ]);
    expect(preview.lines[2]?.note).toBe('it starts at 4:00, before line 1 (5:00): times must go forward');
    expect(preview.lines[3]?.note).toBe("it starts at 26:00, after the set's list ends (25:00)");
  });
});

describe("a 'w/' line and a remix pasted without its mix", () => {
  const outcomes = (preview: TracklistPreview) =>
    preview.lines.map((l) => [l.outcome, l.set_row?.track_meta_id ?? null]);

  it("keeps the entries after an untimed 'w/' line on their rows when the set has no row for it", async () => {
    const { bicep } = await names();
    const text = [
      `1. ${bicep} - Glue`,
      `w/ ${bicep} - Glue (Acapella)`,
      '2. Someone New - First Light',
      '3. Another Person - Second Light',
      `4. ${bicep.replace('Bicep', 'Kolsch')} - Grey`,
      '5. Third Person - Third Light',
    ].join('\n');
    const preview = (await paste.preview(bob, set.setId, text)).json<TracklistPreview>();
    expect(outcomes(preview)).toEqual([
      ['same', set.glue],
      ['new', set.glue],
      ['suggestion', set.ids[0]],
      ['suggestion', set.ids[1]],
      ['same', set.grey],
      ['suggestion', set.ids[2]],
    ]);
    expect(preview.lines[1]?.note).toBe(
      "Played with the track before, and the set's list has no row of its own for it: nothing is suggested.",
    );
  });

  it("lands every line on the row the import made of it, 'w/' lines included, timed or not", async () => {
    const dir = makeTempDir('cratedig-contribute-');
    writeMp3(join(dir, 'night.mp3'), 60);
    const list = [
      'Wren Halloway - Lowland Static',
      'Pell Arden - Kilnwork (Tamsin Vey Remix)',
      'w/ Pell Arden - Kilnwork (Acapella)',
      'Mirela Voss - Quarry Lights',
    ];
    const timed = list.map((line, i) => (line.startsWith('w/') ? line : `0:${i}0 ${line}`));
    // The set imported from each list, and each list pasted for each set (a set without times places
    // a timed paste by order too).
    for (const [name, lines] of [
      ['Paste Night Untimed', list],
      ['Paste Night Timed', timed],
    ] as const) {
      writeText(join(dir, 'night.txt'), `Title: ${name}\nArtist: Wren Halloway\n\n${lines.join('\n')}\n`);
      const run = await runCommand(importCommand, await getTestDatabase(), app.config, ['night.txt'], dir);
      expect(run.err).toEqual([]);
      const [imported] = await query<{ id: number }>(app, sql`select id from sets where set_name = ${name}`);
      for (const text of [list, timed]) {
        const preview = (
          await paste.preview(bob, imported?.id ?? 0, text.join('\n'))
        ).json<TracklistPreview>();
        expect(preview.timed).toBe(text === timed && lines === timed);
        expect(preview.lines.map((l) => [l.outcome, l.set_row?.track_position])).toEqual([
          ['same', 1],
          ['same', 2],
          ['same', 3],
          ['same', 4],
        ]);
      }
    }
  });

  it('matches a line naming no mix to the one version the set plays, and a different mix to none', async () => {
    const mira = await createArtist(app, { name: 'Mira Solace' });
    const ben = await createArtist(app, { name: 'Ben Hollow' });
    const remix = await createTrack(app, {
      title: 'Atlas',
      artist: 'Mira Solace',
      artistId: mira,
      mixType: 'remix',
      mixName: 'Ben Hollow Remix',
      remixerId: ben,
    });
    // The original is in the catalogue too, but not in this set.
    await createTrack(app, { title: 'Atlas', artist: 'Mira Solace', artistId: mira });
    const atlasSet = await createSet(app, { tracks: [[0, 300]], trackIds: [remix] });
    const id = await createTrack(app, {
      title: 'ID',
      artist: 'ID',
      mixType: 'ID',
      foundInSetId: atlasSet.id,
    });
    await appendSetTrack(app, atlasSet.id, id, [300, 600]);
    await refreshCatalogue(app);

    const read = async (text: string) =>
      outcomes((await paste.preview(bob, atlasSet.id, text)).json<TracklistPreview>());
    expect(await read('Mira Solace - Atlas\nNova Person - Night Bus')).toEqual([
      ['same', remix],
      ['suggestion', id],
    ]);
    expect(await read('0:05 Mira Solace - Atlas (Ben Hollow Remix)')).toEqual([['same', remix]]);
    expect(await read('Mira Solace - Atlas (Other Guy Remix)\nNova Person - Night Bus')).toEqual([
      ['new', remix],
      ['suggestion', id],
    ]);
  });
});

describe('submitting a pasted tracklist', () => {
  it("proposes, as the token's user, each line that names one of the set's IDs differently", async () => {
    const text = (await timedPaste()).split('\n').slice(0, 6).join('\n');
    const response = await paste.submit(alice, set.setId, text);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<TracklistSubmission>();
    expect(body.proposed.map((p) => [p.line, p.id_track_id, p.status])).toEqual([
      [3, set.ids[0], 'created'],
      [4, set.ids[1], 'created'],
    ]);
    const api = calls(app);
    const first = (await api.list(bob, set.ids[0])).json();
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      id: body.proposed[0]?.identification_id,
      author: { id: alice.id },
      status: 'open',
      proposal: { track_meta: { id: set.delilah } },
    });
    const second = (await api.list(bob, set.ids[1])).json();
    expect(second.data[0]).toMatchObject({
      author: { id: alice.id },
      proposal: { artist: 'Nova Person', title: 'Brand New Tune', mix_name: 'Other Guy Extended Remix' },
    });
    const id = (await api.track(bob, set.ids[1])).json();
    expect(id.identification).toMatchObject({ status: 'proposed', open_count: 1 });
  });

  it("counts another listener's equal lines as the proposals already there, and the author's own as theirs", async () => {
    const text = (await timedPaste()).split('\n').slice(0, 6).join('\n');
    const before = await proposals();
    const again = (await paste.submit(bob, set.setId, text)).json<TracklistSubmission>();
    const mine = (await paste.submit(alice, set.setId, text)).json<TracklistSubmission>();
    expect(again.proposed.map((p) => p.status)).toEqual(['existing', 'existing']);
    expect(mine.proposed.map((p) => p.status)).toEqual(['own_open', 'own_open']);
    expect(again.proposed.map((p) => p.identification_id)).toEqual(
      mine.proposed.map((p) => p.identification_id),
    );
    expect(await proposals()).toBe(before);
  });
});
