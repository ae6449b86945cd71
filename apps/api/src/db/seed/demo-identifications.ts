// The crowd's identifications in the demo catalogue, so a new listener sees every state of an ID:
// open suggestions with votes on a few IDs, one ID identified but unreleased (an accepted description),
// and one released ID that the crowd named (an accepted suggestion of its catalogue track). The
// suggestions come from a few demo listeners who cannot sign in (no password, no provider account).
// Written once: a later seed finds them and changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../rows';
import type { DemoCatalogue } from './demo-rows';

const LISTENERS = [
  'crate_nomad',
  'deepcut_ana',
  'waxwitness',
  'lowend_theo',
  'nightbus_mika',
  'idhunter_sol',
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Proposal {
  idTrackId: number;
  author: number;
  trackId?: number;
  artist?: string;
  title?: string;
  mixName?: string;
  labelName?: string;
  url?: string;
  status: 'open' | 'accepted' | 'rejected';
  /** Listener indexes voting confirm / reject. */
  confirm: number[];
  reject: number[];
  /** Days before now it was suggested. */
  daysAgo: number;
}

export async function seedDemoIdentifications(tx: Tx, c: DemoCatalogue): Promise<void> {
  for (const name of LISTENERS) {
    await tx.execute(sql`
      insert into users (username, email, auth_provider, completed_onboarding)
      values (${name}, ${`${name}@demo.cratedig.app`}, 'internal', true)
      on conflict do nothing`);
  }
  const users = await queryRows<{ id: number; username: string }>(
    tx,
    sql`select id, username from users where username in (${sql.join(
      LISTENERS.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  const idOf = (i: number) => users.find((u) => u.username === LISTENERS[i])?.id ?? 0;
  const [existing] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from identifications where author_id in (${sql.join(
      users.map((u) => sql`${u.id}`),
      sql`, `,
    )})`,
  );
  if ((existing?.n ?? 0) > 0 || users.length !== LISTENERS.length) return;

  const released = new Set(c.idReleases.map((r) => r.idTrackId));
  const unreleased = c.tracks
    .filter((t) => t.mixType === 'ID' && !released.has(t.id ?? 0))
    .map((t) => t.id ?? 0);
  const catalogue = c.tracks.filter((t) => t.mixType !== 'ID');
  const pick = (i: number) => catalogue[(i * 7) % catalogue.length];
  const [open1, open2, open3, identified] = unreleased;
  const crowdRelease = c.idReleases[0];
  if (!open1 || !open2 || !open3 || !identified || !crowdRelease) return;
  const t1 = pick(3);
  const t2 = pick(11);

  const proposals: Proposal[] = [
    { idTrackId: open1, author: 0, trackId: t1?.id, status: 'open', confirm: [1, 2], reject: [], daysAgo: 2 },
    {
      idTrackId: open1,
      author: 3,
      artist: 'Orbital Drift',
      title: 'Sodium Lights',
      labelName: 'Kompakt',
      status: 'open',
      confirm: [],
      reject: [4],
      daysAgo: 1,
    },
    {
      idTrackId: open2,
      author: 1,
      artist: 'Nadia Vey',
      title: 'Halflife',
      mixName: 'Club Mix',
      url: 'https://soundcloud.com/nadia-vey/halflife',
      status: 'open',
      confirm: [0],
      reject: [5],
      daysAgo: 3,
    },
    { idTrackId: open3, author: 2, trackId: t2?.id, status: 'open', confirm: [], reject: [], daysAgo: 0 },
    {
      idTrackId: identified,
      author: 4,
      artist: 'Mira Sol',
      title: 'Low Tide',
      labelName: 'Afterlife',
      url: 'https://www.beatport.com/track/low-tide/0000000',
      status: 'accepted',
      confirm: [0, 1, 5],
      reject: [],
      daysAgo: 5,
    },
    {
      idTrackId: identified,
      author: 2,
      artist: 'Mira Sol',
      title: 'Undertow',
      status: 'rejected',
      confirm: [],
      reject: [],
      daysAgo: 6,
    },
    {
      idTrackId: crowdRelease.idTrackId,
      author: 5,
      trackId: crowdRelease.releasedTrackId,
      status: 'accepted',
      confirm: [0, 2, 3],
      reject: [],
      daysAgo: 9,
    },
  ];

  for (const p of proposals) {
    const confirm = p.confirm.length;
    const reject = p.reject.length;
    const nameKey =
      p.trackId !== undefined
        ? sql`(select cd_normalise_name(t.artist) || ' - ' || cd_normalise_name(t.title) from tracks t where t.id = ${p.trackId})`
        : sql`cd_normalise_name(${p.artist}) || ' - ' || cd_normalise_name(${p.title})`;
    const created = sql`date_trunc('milliseconds', now()) - make_interval(days => ${p.daysAgo})`;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`
        insert into identifications (id_track_id, author_id, track_id, artist, title, mix_name, label_name, url,
          name_key, status, confirm_count, reject_count, score, created_dt, decided_dt)
        values (${p.idTrackId}, ${idOf(p.author)}, ${p.trackId ?? null}, ${p.artist ?? null}, ${p.title ?? null},
          ${p.mixName ?? null}, ${p.labelName ?? null}, ${p.url ?? null}, ${nameKey}, ${p.status},
          ${confirm}, ${reject}, ${confirm - reject}, ${created},
          case when ${p.status} = 'open' then null else ${created} + interval '1 day' end)
        returning id`,
    );
    if (!row) continue;
    for (const [votes, vote] of [
      [p.confirm, 'confirm'],
      [p.reject, 'reject'],
    ] as const) {
      for (const voter of votes) {
        await tx.execute(sql`
          insert into identification_votes (identification_id, user_id, vote, weight)
          values (${row.id}, ${idOf(voter)}, ${vote}, 1)`);
      }
    }
    if (p.status === 'accepted') {
      await tx.execute(
        sql`update users set identifications_accepted = identifications_accepted + 1 where id = ${idOf(p.author)}`,
      );
    }
  }
}
