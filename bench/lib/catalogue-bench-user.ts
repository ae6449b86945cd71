// The benchmark's signed-in user on the large catalogue, with a realistic library (favourite sets and
// tracks, followed artists and labels) so the followed filters and per-user state do real work, and
// the entities the detail shapes read: a heavy-but-not-extreme (99th percentile) artist and label, and
// the largest ones.
import type pg from 'pg';
import type { BenchIds } from './catalogue-shapes';

const USERNAME = 'bench-catalogue';
const FAVS = { sets: 300, tracks: 300, artists: 200, labels: 100 };

export async function ensureBenchUser(pool: pg.Pool): Promise<BenchIds> {
  const existing = await pool.query<{ id: number }>('select id from users where username = $1', [USERNAME]);
  let userId = existing.rows[0]?.id;
  if (userId === undefined) {
    const created = await pool.query<{ id: number }>(
      `insert into users (username, email, auth_provider) values ($1, $2, 'web_client') returning id`,
      [USERNAME, `${USERNAME}@example.test`],
    );
    userId = created.rows[0]?.id as number;
    // Deterministic picks spread over the catalogue (every k-th id), with some likes and a resume position.
    await pool.query(
      `insert into user_set_favs (user_id, set_id, is_fav, show_likes, user_likes, resume_position_s)
       select $1, id, true, id % 3 = 0, id % 4, id % 600 from sets where id % 331 = 7 order by id limit ${FAVS.sets}`,
      [userId],
    );
    await pool.query(
      `insert into user_track_favs (user_id, track_id, is_fav, show_likes, user_likes, is_purchased)
       select $1, id, true, id % 2 = 0, id % 3, id % 5 = 0 from tracks where id % 3301 = 11 order by id limit ${FAVS.tracks}`,
      [userId],
    );
    await pool.query(
      `insert into user_artist_stats (user_id, artist_id, is_followed, show_likes)
       select $1, id, true, id % 2 = 0 from artists where id % 491 = 5 order by id limit ${FAVS.artists}`,
      [userId],
    );
    await pool.query(
      `insert into user_label_stats (user_id, label_id, is_followed, show_likes)
       select $1, id, true, id % 2 = 0 from labels where id % 47 = 3 order by id limit ${FAVS.labels}`,
      [userId],
    );
    await pool.query('analyze user_set_favs, user_track_favs, user_artist_stats, user_label_stats');
  }
  const pick = async (query: string) => (await pool.query<{ id: number }>(query)).rows[0]?.id as number;
  return {
    userId,
    artistId: await pick(
      `select id from artists where track_count >= (select percentile_disc(0.99) within group (order by track_count) from artists)
         and set_count > 0 and remix_count > 0 and id_count > 0 order by track_count, id limit 1`,
    ),
    labelId: await pick(
      `select id from labels where set_count >= (select percentile_disc(0.99) within group (order by set_count) from labels)
         order by set_count, id limit 1`,
    ),
    trackId: await pick(
      `select id from tracks where mix_type <> 'ID' and set_count >= (select percentile_disc(0.99) within group (order by set_count) from tracks)
         order by set_count, id limit 1`,
    ),
    idTrackId: await pick(`select id from tracks where mix_type = 'ID' order by id limit 1`),
    setId: await pick(`select id from sets where track_count >= 20 order by id limit 1`),
    biggestArtistId: await pick('select id from artists order by set_count desc, id limit 1'),
    biggestLabelId: await pick('select id from labels order by set_count desc, id limit 1'),
    mostPlayedTrackId: await pick(
      `select id from tracks where mix_type <> 'ID' order by set_count desc, id limit 1`,
    ),
  };
}
