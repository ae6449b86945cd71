// `cratedig identifications` and `cratedig identification accept|reject` as an operator runs them: the
// same decision, transaction and notifications as a deciding vote.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { type CrowdUser, crowd } from '../test/crowd';
import { calls, freshId, freshTrack, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../test/identifications';
import type { CommandOutput } from './command';
import { runCommandLine } from './run-command';

let app: FastifyInstance;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  app = await buildTestApp();
  await setUpIdCatalogue(app);
  api = calls(app);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
});

async function cratedig(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const lines = { out: [] as string[], err: [] as string[] };
  const out: CommandOutput = {
    info: (text) => void lines.out.push(text),
    error: (text) => void lines.err.push(text),
    progress: () => {},
  };
  const code = await runCommandLine(argv, { database: app.database, config: app.config, out, cwd: '/' });
  return { code, out: lines.out.join('\n'), err: lines.err.join('\n') };
}

describe('cratedig identification', () => {
  it('lists suggestions, accepts one with its release and notifications, and refuses to decide it again', async () => {
    const [author, rival, watcher] = (await crowd(app, 3)) as [CrowdUser, CrowdUser, CrowdUser];
    const id = await freshId(app);
    const track = await freshTrack(app, 'Operator Pick');
    await api.watch(watcher, id);
    const p = (await api.propose(author, id, { track_meta_id: track })).json();
    const other = (await api.propose(rival, id, { artist: 'Some', title: 'Guess' })).json();

    const open = await cratedig('identifications', '--open');
    expect(open.code).toBe(0);
    expect(open.out).toContain(`${p.id}\topen\t+0/-0 (score 0)\tID ${id}\t`);
    expect(open.out).toContain('Operator Pick');

    const accepted = await cratedig('identification', 'accept', String(p.id));
    expect(accepted).toMatchObject({ code: 0 });
    expect(accepted.out).toContain(`suggestion ${p.id} accepted`);
    expect(accepted.out).toContain('1 listener notified');
    expect(accepted.out).toContain(`closed as rejected: ${other.id}`);
    const kinds = (await api.notifications(watcher)).json().data.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['release', 'proposal_on_watched']);
    const released = (await app.db.execute(
      sql`select released_track_id as id from id_releases where id_track_id = ${id}`,
    )) as unknown as { rows: { id: number }[] };
    expect(released.rows).toEqual([{ id: track }]);

    const again = await cratedig('identification', 'reject', String(p.id));
    expect(again.code).toBe(1);
    expect(again.err).toContain('accepted');
    expect((await cratedig('identifications', '--open')).out).not.toContain(`${p.id}\t`);
  });

  it('rejects by hand, and refuses bad usage', async () => {
    const [author] = (await crowd(app, 1)) as [CrowdUser];
    const p = (await api.propose(author, await freshId(app), { artist: 'No', title: 'Way' })).json();
    expect((await cratedig('identification', 'reject', String(p.id))).out).toContain(
      `suggestion ${p.id} rejected`,
    );
    expect((await cratedig('identification', 'maybe', '1')).code).toBe(2);
    expect((await cratedig('identification', 'accept')).code).toBe(2);
    expect((await cratedig('identifications', '--all')).code).toBe(2);
    expect((await cratedig('identification', 'accept', '2000000000')).code).toBe(1);
  });
});
