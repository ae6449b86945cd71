import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { artist } from './artist';
import { post, postBody } from './comment';
import { COMMENT_MAX_LENGTH } from './constants';
import { health, healthUnavailable } from './health';
import { label } from './label';
import { notification, notificationListQuery } from './notification';
import { festival, venue } from './place';
import { queueItem } from './queue';
import { setMeta, setTrack } from './set';
import { trackMeta } from './track';
import { user } from './user';

// Realistic samples, shaped as the API sends them.
const released = {
  id: 311,
  title: 'Glue',
  artist: 'Bicep',
  artists: [{ role: 'producer', artist_meta: { id: 12, name: 'Bicep' } }],
  artist_meta: { name: 'Bicep' },
  art_url_sm: '/media/art/track-311-sm.webp',
  art_url_xl: '/media/art/track-311-xl.webp',
  release_date: '2017-09-01',
  genre: 'Electronica',
  label_name: 'Ninja Tune',
  label_meta: { id: 4 },
  label_meta_id: 4,
  mix_type: 'remix',
  mix_meta: { name: 'Hammer' },
  bpm: 126,
  key: '8A',
  purchase_url: 'https://www.beatport.com/track/glue/9643284',
  set_meta: null,
  created_dt: '2024-03-02T18:22:05.120Z',
  total_user_likes: 1204,
  user_fav: { is_fav: true, show_likes: false, user_likes: 3, is_purchased: false },
};

const anId = {
  ...released,
  id: 312,
  title: 'ID',
  artists: [{ role: 'ID', artist_meta: { id: 12, name: 'Bicep' } }],
  release_date: null,
  genre: null,
  label_name: null,
  label_meta: null,
  label_meta_id: null,
  mix_type: 'ID',
  mix_meta: null,
  bpm: null,
  key: null,
  purchase_url: null,
  set_meta: { id: 7, set_name: 'Bicep live at Printworks', release_date: '2024-02-17' },
  user_fav: undefined,
};

const set = {
  id: 7,
  set_name: 'Bicep live at Printworks',
  artist: 'Bicep',
  artist_meta: { id: 12, name: 'Bicep' },
  artists: [{ id: 12, name: 'Bicep' }],
  art_url_sm: '/media/art/set-7-sm.webp',
  art_url_xl: 'https://cdn.example.com/art/set-7-xl.webp',
  release_date: '2024-02-17',
  genre: 'Electronica',
  track_genres: ['Electronica', 'Breaks / Breakbeat / UK Bass', 'Techno'],
  mp3_permalink: '/media/audio/set-7.mp3?exp=1732240000&sig=5f1e0c',
  duration: 3_600_000,
  likes: 88,
  track_count: 2,
  track_confirmed_count: 1,
  set_sponsors: [{ sponsor: 'Ninja Tune', sponsor_id: 4, sponsor_type: 'label_meta' }],
  festival: null,
  venue: { id: 2, name: 'Printworks' },
  set_tracks: [
    {
      track_position: 1,
      track_meta_id: 311,
      set_meta_id: 7,
      start_time: 0,
      end_time: 301.5,
      likes: 4,
      track_meta: released,
    },
    {
      track_position: 2,
      track_meta_id: 312,
      set_meta_id: 7,
      start_time: 301.5,
      end_time: 622,
      likes: 0,
      track_meta: anId,
    },
  ],
  user_fav: { is_fav: false, show_likes: true, user_likes: 1, current_timestamp: 1234.5 },
};

const anArtist = {
  id: 12,
  name: 'Bicep',
  bio: 'Belfast-born duo Matt McBriar and Andy Ferguson.',
  art_url_sm: '/media/art/artist-12-sm.webp',
  art_url_xl: '/media/art/artist-12-xl.webp',
  set_count: 5,
  track_count: 31,
  label_count: 2,
  remix_count: 6,
  id_count: 3,
  latest_set_date: '2024-02-17',
  latest_track_date: null,
  track_genres: ['Electronica', 'Techno'],
  founded_label: [{ id: 9, name: 'FEEL MY BICEP' }],
  beatport: 'https://www.beatport.com/artist/bicep/153479',
  instagram: 'https://instagram.com/feelmybicep',
  youtube: null,
  website: 'https://feelmybicep.com',
  user_stats: { is_followed: true, show_likes: false, total_user_likes: 1000 },
};

const aLabel = {
  id: 4,
  name: 'Ninja Tune',
  bio: null,
  sponsor_type: 'label',
  label_boss: [],
  art_url_sm: null,
  art_url_xl: '/media/art/label-4-xl.webp',
  logo_url: '/media/art/label-4-logo.webp',
  socials: ['https://soundcloud.com/ninja-tune'],
  set_count: 3,
  artist_count: 12,
  track_count: 40,
  latest_set_date: '2024-02-17',
  latest_track_date: '2023-11-03',
  track_genres: ['Electronica'],
};

const aUser = {
  id: 1,
  username: 'digger',
  email: 'digger@example.com',
  about_me: '',
  avatar_url: null,
  firebase_uid: null,
  auth_provider: 'web_client',
  is_firebase_user: false,
  soundcloud_url: null,
  user_type: ['listener', 'dj'],
  notification_timeframe: 'weekly',
  notification_preferences_enabled: true,
  completed_onboarding: false,
  identifications_accepted: 0,
};

const aNotification = {
  id: 5,
  kind: 'release',
  is_read: false,
  read_dt: null,
  created_dt: '2024-05-01T09:00:00Z',
  release: {
    set_meta: { set_name: 'Bicep live at Printworks' },
    track_meta: { id: 311, artist: 'Bicep', title: 'Glue', release_date: '2017-09-01', art_url_xl: null },
    track_position: 2,
  },
  id_track: {
    id: 40,
    artist: 'ID',
    title: 'ID',
    set_meta: { id: 7, set_name: 'Bicep live at Printworks' },
    track_position: 2,
  },
  proposal: null,
  upload: null,
};

const aPost = {
  id: 3,
  text: 'That transition at 20:34 <3 <script>alert(1)</script>',
  timestamp: '2024-05-01T09:00:00.000Z',
  set_timestamp: 1234,
  set_meta_id: 7,
  track_meta_id: null,
  author: { id: 1, username: 'digger', avatar_url: '/media/avatars/1.webp' },
  edited_dt: null,
};

const cases: [string, z.ZodType, Record<string, unknown>][] = [
  ['set_meta', setMeta, set],
  ['set track', setTrack, set.set_tracks[0] as Record<string, unknown>],
  ['released track_meta', trackMeta, released],
  ['ID track_meta', trackMeta, anId],
  ['artist', artist, anArtist],
  ['label', label, aLabel],
  [
    'festival',
    festival,
    { id: 1, name: 'Awakenings', art_url_sm: null, art_url_xl: null, city: 'Amsterdam' },
  ],
  ['venue', venue, { id: 2, name: 'Printworks', art_url_sm: null, art_url_xl: null }],
  [
    'queue item',
    queueItem,
    { id: 1, user_id: 1, set_meta_id: 7, set_meta: set, order: 1, is_current: true, played: false },
  ],
  ['notification', notification, aNotification],
  ['post', post, aPost],
  ['user', user, aUser],
];

describe.each(cases)('%s', (_name, schema, sample) => {
  it('parses a realistic sample unchanged', () => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it('rejects a field of the wrong type', () => {
    const [field, value] = Object.entries(sample)[0] as [string, unknown];
    const result = schema.safeParse({ ...sample, [field]: typeof value === 'number' ? String(value) : 42 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('rejects a missing required field', () => {
    const required = Object.keys(sample).filter((k) => k !== 'id' && k !== 'user_fav' && k !== 'city');
    const field = required[1] as string;
    const { [field]: _dropped, ...rest } = sample;
    const result = schema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('wire rules', () => {
  it('drops fields the contract does not name, such as a password hash', () => {
    const sent = user.parse({ ...aUser, password_hash: '$argon2id$v=19$...', password: 'secret' });
    expect(sent).not.toHaveProperty('password_hash');
    expect(sent).not.toHaveProperty('password');
  });

  it('sends user_type as a non-empty list of the five types', () => {
    expect(user.safeParse({ ...aUser, user_type: 'listener,dj' }).success).toBe(false);
    expect(user.safeParse({ ...aUser, user_type: [] }).success).toBe(false);
    expect(user.safeParse({ ...aUser, user_type: ['admin'] }).success).toBe(false);
  });

  it('takes dates as YYYY-MM-DD and instants in UTC', () => {
    expect(setMeta.safeParse({ ...set, release_date: '17/02/2024' }).success).toBe(false);
    expect(trackMeta.safeParse({ ...released, created_dt: '2024-03-02 18:22:05' }).success).toBe(false);
    expect(trackMeta.safeParse({ ...released, created_dt: '2024-03-02T18:22:05+02:00' }).success).toBe(false);
  });

  it('keeps the set duration in whole milliseconds', () => {
    expect(setMeta.safeParse({ ...set, duration: 3600.5 }).success).toBe(false);
  });

  it('refuses links that are not /media paths or http(s) URLs', () => {
    expect(setMeta.safeParse({ ...set, art_url_xl: 'javascript:alert(1)' }).success).toBe(false);
    expect(trackMeta.safeParse({ ...released, purchase_url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('leaves the track list and the user relation out of list items', () => {
    const { set_tracks: _t, user_fav: _f, festival: _fe, venue: _v, ...listItem } = set;
    expect(setMeta.parse(listItem)).toEqual(listItem);
  });

  it('knows only the spec vocabularies', () => {
    expect(trackMeta.safeParse({ ...released, genre: 'Dubstep' }).success).toBe(false);
    expect(trackMeta.safeParse({ ...released, mix_type: 'bootleg' }).success).toBe(false);
    expect(
      trackMeta.safeParse({ ...released, artists: [{ role: 'vocals', artist_meta: { id: 1, name: 'x' } }] })
        .success,
    ).toBe(false);
    expect(label.safeParse({ ...aLabel, sponsor_type: 'artist_meta' }).success).toBe(false);
  });
});

describe('comment body', () => {
  const body = { text: 'Great set!', set_meta_id: 7, track_meta_id: null, set_timestamp: 60 };

  it('accepts text as written, up to the limit', () => {
    expect(postBody.parse({ ...body, text: '  spaced  ' }).text).toBe('  spaced  ');
    expect(postBody.safeParse({ ...body, text: 'x'.repeat(COMMENT_MAX_LENGTH) }).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['only whitespace', ' \n\t '],
    ['over the limit', 'x'.repeat(COMMENT_MAX_LENGTH + 1)],
  ])('rejects %s text under "text"', (_name, text) => {
    const result = postBody.safeParse({ ...body, text });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['text']);
  });

  it('needs a set or a track to be about', () => {
    expect(postBody.safeParse({ text: 'hi', set_meta_id: null, track_meta_id: null }).success).toBe(false);
    expect(postBody.safeParse({ text: 'hi', track_meta_id: 311 }).success).toBe(true);
  });
});

describe('notification list query', () => {
  it('defaults to 10 a page, newest first', () => {
    expect(notificationListQuery.parse({})).toEqual({
      limit: 10,
      order_by: 'notification.created_dt',
      order_direction: 'desc',
    });
  });

  it('takes the created_dt of the last item as after, and nothing else', () => {
    expect(notificationListQuery.parse({ after: '2024-05-01T09:00:00Z' }).after).toBe('2024-05-01T09:00:00Z');
    expect(notificationListQuery.safeParse({ after: 'yesterday' }).success).toBe(false);
    expect(notificationListQuery.safeParse({ limit: '11' }).success).toBe(false);
  });
});

describe('health', () => {
  it('answers ok, or the error shape with the failing dependency', () => {
    expect(health.parse({ status: 'ok', database: 'ok' })).toEqual({ status: 'ok', database: 'ok' });
    expect(health.safeParse({ status: 'ok', database: 'down' }).success).toBe(false);
    const down = {
      code: 503,
      status: 'Service Unavailable',
      message: 'Database unreachable',
      database: 'unreachable',
    };
    expect(healthUnavailable.parse(down)).toEqual(down);
  });
});
