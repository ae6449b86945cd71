// The product's business constants and vocabularies. Every other place imports them from here.

// Vocabularies
export const GENRES = [
  'Afro House',
  'Bass / Club',
  'Breaks / Breakbeat / UK Bass',
  'Dance / Electro Pop',
  'Deep House',
  'Electro (Classic / Detroit / Modern)',
  'Electronic',
  'Electronica',
  'House',
  'Indie Dance',
  'Melodic House & Techno',
  'Minimal / Deep Tech',
  'Nu Disco / Disco',
  'Organic House / Downtempo',
  'Progressive House',
  'Tech House',
  'Techno',
  'Techno (Peak Time / Driving)',
  'Techno (Raw / Deep / Hypnotic)',
  'Trance',
] as const;
export type Genre = (typeof GENRES)[number];

export const NOTIFICATION_TIMEFRAMES = ['daily', 'weekly', 'monthly'] as const;
export type NotificationTimeframe = (typeof NOTIFICATION_TIMEFRAMES)[number];
export const DEFAULT_NOTIFICATION_TIMEFRAME: NotificationTimeframe = 'daily';

export const USER_TYPES = ['listener', 'dj', 'producer', 'label', 'curator'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const DEFAULT_USER_TYPE: UserType = 'listener';

export const MIX_TYPES = ['original_mix', 'remix', 'edit', 'ID'] as const;
export type MixType = (typeof MIX_TYPES)[number];

// Roles an artist plays on a track
export const ARTIST_ROLES = ['producer', 'ID', 'feat', 'mixer'] as const;
export type ArtistRole = (typeof ARTIST_ROLES)[number];

// A set sponsor's sponsor_type; label_meta means a label with a full profile
export const SPONSOR_TYPES = ['artist_meta', 'label', 'label_meta'] as const;
export type SponsorType = (typeof SPONSOR_TYPES)[number];

// A user's auth_provider is internal, web_client or a social provider id without '.com'
export const AUTH_PROVIDERS = ['internal', 'web_client', 'google', 'apple'] as const;

// Auth and requests
export const AUTH = {
  refreshCooldownMs: 30_000,
  refreshBeforeExpiryMs: 5 * 60_000,
  tokenUsableMinRemainingMs: 10 * 60_000,
  internalTokenLifetimeMs: 60 * 60_000,
  retries401Foreground: 1,
  retries401Background: 3,
  backoffBaseMs: 1_000,
  sessionExpiryDelayMs: 500,
  postLoginWaitMs: 100,
  rateLimitMaxRetries: 3,
  rateLimitDefaultWaitS: 60,
} as const;

// Lists and search
export const PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
// A new password's minimum length (account-rules.ts holds the whole password rule)
export { PASSWORD_MIN_LENGTH } from './account-rules';
// Page size of every list: 20 by default, at most 100
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;
// A comment is 1 to 2000 characters
export const COMMENT_MAX_LENGTH = 2000;

// Identifications: the crowd names the IDs (docs/identifications-api.md)
export const IDENTIFICATION_RULES = {
  /** Weighted confirmations minus rejections that accept a proposal (and its negative rejects it). */
  decisionMargin: 3,
  /** A user with this many accepted proposals is trusted: their vote weighs trustedWeight. */
  trustedAfterAccepted: 5,
  trustedWeight: 2,
} as const;
export const IDENTIFICATION_LIMITS = {
  artistMax: 200,
  titleMax: 200,
  mixNameMax: 100,
  labelNameMax: 200,
  urlMax: 500,
} as const;

// Display limits and card limits
export const DISPLAY = {
  bellBadgeMax: 99,
  likeBadgeMax: 999,
  setGenreChips: 3,
  cardTagsMax: 2,
  cardChipsMax: 3,
  smallCardArtistChars: 15,
  smallCardTitleChars: 18,
  cardTitleChars: 25,
  expandedPreview: { lg: 4, md: 3, sm: 2 },
} as const;

// Player
export const PLAYER = {
  seekStepS: 1,
  volumeMin: 0,
  volumeMax: 1,
  volumeStep: 0.1,
  volumeDefault: 1,
  uiTickMs: 1_000,
  progressSaveMs: 30_000,
} as const;

// Toasts
export const TOASTS = {
  maxSnack: 3,
  autoHideMs: 5_000,
  enterMs: 225,
  exitMs: 195,
  refocusRemainingRatio: 0.5,
  authExpiredMs: 2_000,
} as const;

// Overlay
export const OVERLAY = { opacity: 0.7, zIndex: 9999 } as const;

// Screen breakpoints (MUI's defaults)
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

// Onboarding
export const ONBOARDING_STEPS = 4;

// Policy constants
export const POLICY = {
  minimumAge: 18,
  arbitrationOptOutDays: 30,
  privacyMinimumAge: 13,
  policyChangeNoticeDays: 30,
} as const;

// Sort choices per list, mapped to the prefixed order_by fields the API takes.
export const SORTS = {
  sets: {
    artist: 'set_meta.artist',
    title: 'set_meta.set_name',
    curator: 'set_meta.curator',
    genre: 'set_meta.genre',
    release_date: 'set_meta.release_date',
  },
  tracks: {
    artist: 'track_meta.artist',
    title: 'track_meta.title',
    label: 'track_meta.label_name',
    genre: 'track_meta.genre',
    release_date: 'track_meta.release_date',
  },
  artists: {
    name: 'artist_meta.name',
    set_count: 'artist_meta.set_count',
    latest_set: 'artist_meta.latest_set_date',
    track_count: 'artist_meta.track_count',
    latest_track: 'artist_meta.latest_track_date',
  },
  labels: {
    name: 'label_meta.name',
    set_count: 'label_meta.set_count',
    latest_set: 'label_meta.latest_set_date',
    track_count: 'label_meta.track_count',
    latest_track: 'label_meta.latest_track_date',
    artist_count: 'label_meta.artist_count',
  },
  ids: {
    artist: 'track_meta.artist',
    title: 'track_meta.title',
    first_seen: 'track_meta.created_dt',
  },
  festivals: { name: 'festival_meta.name' },
  venues: { name: 'venue_meta.name' },
} as const;
export type SortList = keyof typeof SORTS;
export type OrderDirection = 'asc' | 'desc';
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;

export interface SortChoice {
  order_by: string;
  order_direction: OrderDirection;
}

// Default sorts
export const DEFAULT_SORTS = {
  sets: { order_by: SORTS.sets.release_date, order_direction: 'desc' },
  tracks: { order_by: SORTS.tracks.release_date, order_direction: 'desc' },
  artists: { order_by: SORTS.artists.set_count, order_direction: 'desc' },
  labels: { order_by: SORTS.labels.set_count, order_direction: 'desc' },
  ids: { order_by: SORTS.ids.first_seen, order_direction: 'desc' },
  festivals: { order_by: SORTS.festivals.name, order_direction: 'asc' },
  venues: { order_by: SORTS.venues.name, order_direction: 'asc' },
  search: { order_by: 'name', order_direction: 'asc' },
} as const satisfies Record<string, SortChoice>;

// Artists and labels reset to latest_track_date descending when the filter dialog is cleared
export const FILTER_RESET_SORTS = {
  sets: DEFAULT_SORTS.sets,
  tracks: DEFAULT_SORTS.tracks,
  artists: { order_by: SORTS.artists.latest_track, order_direction: 'desc' },
  labels: { order_by: SORTS.labels.latest_track, order_direction: 'desc' },
} as const satisfies Record<string, SortChoice>;

export const SITE_NAME = 'Cratedig';

// The crowd's moments: the heat strip, 'Continue listening' and comment markers.
/** Moment likes are kept per set in slots of this many seconds; heat buckets are whole slots. */
export const HEAT_SLOT_S = 5;
/** A set's heat strip has at most this many buckets: longer sets get wider buckets. */
export const HEAT_MAX_BUCKETS = 300;
/** A set counts as finished when its resume position is within this many seconds of its end… */
export const RESUME_FINISHED_TAIL_S = 30;
/** …or past this fraction of its duration; finished sets are not offered to continue. */
export const RESUME_FINISHED_FRACTION = 0.97;
/** The seek bar shows at most this many comment markers per set (the earliest in set order). */
export const COMMENT_MARKERS_MAX = 500;
/** A comment marker's text: the comment's first line, cut to this many characters. */
export const COMMENT_MARKER_TEXT_MAX = 120;
