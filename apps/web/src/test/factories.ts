// The one set of test factories: each makes a complete contract record with believable defaults;
// pass overrides for what the test is about. Ids are fixed defaults, so a test that needs several
// records names their ids.
import type { Artist } from '@cratedig/contract/artist';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { Identification, ProposalNames } from '@cratedig/contract/identification';
import type { Label } from '@cratedig/contract/label';
import type { Notification } from '@cratedig/contract/notification';
import type { QueueItem } from '@cratedig/contract/queue';
import type { SetTrack } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import type { User } from '@cratedig/contract/user';

/** A whole User as GET /me answers it; onboarding done, so /home opens without the modal. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'nightowl',
    email: 'nightowl@example.test',
    about_me: '',
    avatar_url: null,
    firebase_uid: null,
    auth_provider: 'web_client',
    is_firebase_user: false,
    soundcloud_url: null,
    user_type: ['listener'],
    notification_timeframe: 'daily',
    notification_preferences_enabled: true,
    completed_onboarding: true,
    identifications_accepted: 0,
    ...overrides,
  };
}

export function makeArtist(overrides: Partial<Artist> = {}): Artist {
  return {
    id: 5,
    name: 'Mira Vale',
    bio: null,
    art_url_sm: null,
    art_url_xl: null,
    set_count: 3,
    track_count: 9,
    label_count: 1,
    remix_count: 0,
    id_count: 1,
    latest_set_date: '2024-05-01',
    latest_track_date: '2024-04-01',
    track_genres: ['Techno'],
    founded_label: [],
    beatport: null,
    instagram: null,
    youtube: null,
    website: null,
    user_stats: { is_followed: false, show_likes: false, total_user_likes: 998 },
    ...overrides,
  };
}

export function makeLabel(overrides: Partial<Label> = {}): Label {
  return {
    id: 2,
    name: 'Deep Cuts',
    bio: null,
    sponsor_type: 'label_meta',
    label_boss: [],
    art_url_sm: null,
    art_url_xl: null,
    logo_url: null,
    socials: [],
    set_count: 1,
    artist_count: 1,
    track_count: 4,
    latest_set_date: '2024-05-01',
    latest_track_date: '2024-04-01',
    track_genres: ['Techno'],
    ...overrides,
  };
}

export function makeTrack(overrides: Partial<TrackMeta> = {}): TrackMeta {
  return {
    id: 11,
    title: 'Night Drive',
    artist: 'Mira Vale',
    artists: [{ role: 'producer', artist_meta: { id: 5, name: 'Mira Vale' } }],
    artist_meta: { name: 'Mira Vale' },
    art_url_sm: null,
    art_url_xl: null,
    release_date: '2024-04-01',
    genre: 'Techno',
    label_name: 'Deep Cuts',
    label_meta: { id: 2 },
    label_meta_id: 2,
    mix_type: 'original_mix',
    mix_meta: null,
    bpm: 128,
    key: '8A',
    purchase_url: null,
    set_meta: null,
    created_dt: '2024-04-01T00:00:00Z',
    total_user_likes: 4,
    user_fav: { is_fav: false, show_likes: false, user_likes: 0, is_purchased: false },
    ...overrides,
  };
}

/** The track of a set's track list: 'Track {id}' by 'Artist {id}'. */
function makeListedTrack(id: number): TrackMeta {
  return makeTrack({
    id,
    title: `Track ${id}`,
    artist: `Artist ${id}`,
    artists: [],
    artist_meta: { name: `Artist ${id}` },
    label_name: null,
    label_meta: null,
    label_meta_id: null,
    key: null,
    total_user_likes: 0,
    user_fav: undefined,
  });
}

/**
 * A set as GET /sets/{id} answers it: `tracks` tracks of `trackSeconds` each, back to back from 0;
 * track ids are id*100 + position.
 */
export function makeSet(
  id = 1,
  {
    tracks = 3,
    trackSeconds = 300,
    ...overrides
  }: Partial<SetDetail> & { tracks?: number; trackSeconds?: number } = {},
): SetDetail {
  const setTracks: SetTrack[] = Array.from({ length: tracks }, (_, index) => ({
    track_position: index + 1,
    track_meta_id: id * 100 + index + 1,
    set_meta_id: id,
    start_time: index * trackSeconds,
    end_time: (index + 1) * trackSeconds,
    likes: 0,
    track_meta: makeListedTrack(id * 100 + index + 1),
  }));
  return {
    id,
    set_name: `Set ${id}`,
    artist: `DJ ${id}`,
    artist_meta: { id, name: `DJ ${id}` },
    artists: [{ id, name: `DJ ${id}` }],
    art_url_sm: null,
    art_url_xl: null,
    release_date: '2024-01-01',
    genre: 'Techno',
    track_genres: [],
    mp3_permalink: `/media/audio/set-${id}.mp3?u=7&exp=1&sig=x`,
    duration: tracks * trackSeconds * 1000,
    likes: 0,
    track_count: tracks,
    track_confirmed_count: tracks,
    set_sponsors: [],
    set_tracks: setTracks,
    user_fav: { is_fav: false, show_likes: false, user_likes: 0, current_timestamp: 0 },
    ...overrides,
  };
}

/** One queue item of user 7 holding set `setId`; the order and flags as overrides say. */
export function makeQueueItem(setId: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: 1000 + setId,
    user_id: 7,
    set_meta_id: setId,
    set_meta: makeSet(setId),
    order: 1,
    is_current: false,
    played: false,
    ...overrides,
  };
}

/** A queue of the given sets in order; the items before `currentSetId` count as played. */
export function makeQueue(setIds: number[], currentSetId?: number): QueueItem[] {
  const currentIndex = setIds.indexOf(currentSetId ?? -1);
  return setIds.map((setId, index) =>
    makeQueueItem(setId, {
      order: index + 1,
      is_current: index === currentIndex,
      played: currentIndex >= 0 && index < currentIndex,
    }),
  );
}

/**
 * A notification of user 7 as GET /notifications answers it: track `id` released, unread, created
 * `minutesAgo` before now; the track is 'Artist {id} – Track {id}', first heard in 'Set {id}'.
 */
export function makeNotification(
  id: number,
  { minutesAgo = 60, ...overrides }: Partial<Notification> & { minutesAgo?: number } = {},
): Notification {
  return {
    id,
    kind: 'release',
    is_read: false,
    read_dt: null,
    created_dt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    id_track: {
      id: 900 + id,
      artist: 'ID',
      title: 'ID',
      set_meta: { id, set_name: `Set ${id}` },
      track_position: 3,
    },
    proposal: null,
    release: {
      set_meta: { set_name: `Set ${id}` },
      track_meta: {
        id: 500 + id,
        artist: `Artist ${id}`,
        title: `Track ${id}`,
        release_date: '2024-06-01',
        art_url_xl: null,
      },
      track_position: 3,
    },
    upload: null,
    ...overrides,
  };
}

/** A suggestion of what ID `id_track_id` is; by default open, naming a description, by someone else. */
export function makeIdentification(id: number, overrides: Partial<Identification> = {}): Identification {
  return {
    id,
    id_track_id: 12,
    proposal: {
      track_meta: null,
      artist: `Artist ${id}`,
      title: `Title ${id}`,
      mix_name: null,
      label_name: null,
      url: null,
    },
    author: { id: 70 + id, username: `digger${id}`, avatar_url: null },
    status: 'open',
    confirm_count: 0,
    reject_count: 0,
    user_vote: null,
    is_own: false,
    created_dt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    decided_dt: null,
    ...overrides,
  };
}

/** A catalogue track as a suggestion names it (ProposalNames with track_meta). */
export function namesTrack(id: number, artist = `Artist ${id}`, title = `Track ${id}`): ProposalNames {
  return {
    track_meta: { id, artist, title, mix_name: null, label_name: 'Label A', art_url_sm: null },
    artist: null,
    title: null,
    mix_name: null,
    label_name: null,
    url: null,
  };
}
