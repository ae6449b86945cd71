// The library toggles wired to the API, one component per control
// shown on the set, track, artist and label pages. Each reads its state from the item it is given —
// the page's cached copy, which useLibraryToggle patches from the server's answer — so the button,
// the cards and the tables all flip together.
import type { Artist } from '@cratedig/contract/artist';
import type { Label } from '@cratedig/contract/label';
import type { PlaceDetail } from '@cratedig/contract/place';
import type { SetMeta, SetUserFav } from '@cratedig/contract/set';
import type { TrackMeta, TrackUserFav } from '@cratedig/contract/track';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import { FavouriteButton, FollowButton, LikesControl } from '../../components/follow-controls';
import { patchCachedItem } from '../../lib/cached-items';
import { libraryCalls, useLibraryToggle } from './library-api';
import {
  favMessage,
  followMessage,
  LIBRARY_MESSAGES,
  likesMessage,
  statsLikesMessage,
} from './library-messages';

const NO_SET_FAV: SetUserFav = { is_fav: false, show_likes: false, user_likes: 0, current_timestamp: 0 };
const NO_TRACK_FAV: TrackUserFav = { is_fav: false, show_likes: false, user_likes: 0, is_purchased: false };
const NO_STATS = { is_followed: false, show_likes: false, total_user_likes: 0 };

const patchSetFav = (set: SetMeta, change: Partial<SetUserFav>): SetMeta => ({
  ...set,
  user_fav: { ...(set.user_fav ?? NO_SET_FAV), ...change },
});
const patchTrackFav = (track: TrackMeta, change: Partial<TrackUserFav>): TrackMeta => ({
  ...track,
  user_fav: { ...(track.user_fav ?? NO_TRACK_FAV), ...change },
});
const variantOf = (on: boolean): 'success' | 'info' => (on ? 'success' : 'info');

/** docs/web-app.md Set detail: favourite (is_fav; the Sets followed-only switch lists these). */
export function SetFavouriteToggle({ set }: { set: SetMeta }) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.setFav(t, set.id),
    (client, { is_fav }) => {
      patchCachedItem(client, 'set', set.id, (s) => patchSetFav(s, { is_fav }));
      return { message: favMessage('Set', is_fav), variant: variantOf(is_fav) };
    },
  );
  return (
    <FavouriteButton
      favourite={set.user_fav?.is_fav ?? false}
      label={set.set_name}
      onToggle={toggle}
      pending={pending}
    />
  );
}

/** docs/web-app.md Set detail: likes (show_likes: the profile's Liked Sets), beside the set's likes count. */
export function SetLikesToggle({ set }: { set: SetMeta }) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.setLikes(t, set.id),
    (client, { show_likes }) => {
      patchCachedItem(client, 'set', set.id, (s) => patchSetFav(s, { show_likes }));
      return { message: likesMessage('Set', show_likes), variant: variantOf(show_likes) };
    },
  );
  return (
    <LikesControl
      liked={set.user_fav?.show_likes ?? false}
      count={set.likes}
      label={set.set_name}
      onToggle={toggle}
      pending={pending}
    />
  );
}

const trackNoun = (track: TrackMeta) => (track.mix_type === 'ID' ? 'ID' : 'Track');

/** docs/web-app.md Track detail: favourite (is_fav; the Tracks followed-only switch). IDs say 'ID …'. */
export function TrackFavouriteToggle({ track, label }: { track: TrackMeta; label: string }) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.trackFav(t, track.id),
    (client, { is_fav }) => {
      patchCachedItem(client, 'track', track.id, (tr) => patchTrackFav(tr, { is_fav }));
      return { message: favMessage(trackNoun(track), is_fav), variant: variantOf(is_fav) };
    },
  );
  return (
    <FavouriteButton
      favourite={track.user_fav?.is_fav ?? false}
      label={label}
      onToggle={toggle}
      pending={pending}
    />
  );
}

/**
 * docs/web-app.md Track detail: likes with the count of users who like it; for an ID this is watching it
 * (docs/library.md: notified on release, profile Watched IDs) with 'Started watching ID!'.
 */
export function TrackLikesToggle({ track, label }: { track: TrackMeta; label: string }) {
  const isId = track.mix_type === 'ID';
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.trackLikes(t, track.id),
    (client, { show_likes, total_user_likes, is_fav }) => {
      patchCachedItem(client, 'track', track.id, (tr) => ({
        ...patchTrackFav(tr, { show_likes, is_fav }),
        total_user_likes,
      }));
      return { message: likesMessage(trackNoun(track), show_likes), variant: variantOf(show_likes) };
    },
  );
  return (
    <LikesControl
      liked={track.user_fav?.show_likes ?? false}
      count={track.total_user_likes}
      label={label}
      watch={isId}
      onToggle={toggle}
      pending={pending}
    />
  );
}

type StatsKind = 'artist' | 'label';
type StatsItem<K extends StatsKind> = K extends 'artist' ? Artist : Label;

function statsOf(kind: StatsKind, item: Artist | Label) {
  return (kind === 'artist' ? (item as Artist).user_stats : (item as Label).user_label_stats) ?? NO_STATS;
}

function withStats<K extends StatsKind>(kind: K, item: StatsItem<K>, change: Partial<typeof NO_STATS>) {
  const stats = { ...statsOf(kind, item), ...change };
  return (
    kind === 'artist' ? { ...item, user_stats: stats } : { ...item, user_label_stats: stats }
  ) as StatsItem<K>;
}

/** docs/web-app.md artist and label pages: Follow/Following ('{name} followed!'). */
export function FollowToggle<K extends StatsKind>({ kind, item }: { kind: K; item: StatsItem<K> }) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.follow(t, kind, item.id),
    (client, { is_followed }) => {
      patchCachedItem(
        client,
        kind,
        item.id,
        (i) => withStats(kind, i as StatsItem<K>, { is_followed }) as never,
      );
      return { message: followMessage(item.name, is_followed), variant: variantOf(is_followed) };
    },
  );
  return (
    <FollowButton
      followed={statsOf(kind, item).is_followed}
      name={item.name}
      onToggle={toggle}
      pending={pending}
    />
  );
}

/**
 * A festival's or venue's page: Follow. The page keeps the place in its own cache, so it is told the
 * server's answer (`onFollowed`) and moves its follow and its followers' count with it.
 */
export function PlaceFollowToggle({
  kind,
  place,
  onFollowed,
}: {
  kind: 'festival' | 'venue';
  place: PlaceDetail;
  onFollowed: (isFollowed: boolean) => void;
}) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.followPlace(t, kind, place.id),
    (_client, { is_followed }) => {
      onFollowed(is_followed);
      return { message: followMessage(place.name, is_followed), variant: variantOf(is_followed) };
    },
  );
  return (
    <FollowButton
      followed={place.user_place_stats.is_followed}
      name={place.name}
      onToggle={toggle}
      pending={pending}
    />
  );
}

/** docs/web-app.md artist and label pages: the likes toggle with its count ('{name} likes!'). */
export function StatsLikesToggle<K extends StatsKind>({ kind, item }: { kind: K; item: StatsItem<K> }) {
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.statsLikes(t, kind, item.id),
    (client, { show_likes, total_user_likes }) => {
      patchCachedItem(
        client,
        kind,
        item.id,
        (i) => withStats(kind, i as StatsItem<K>, { show_likes, total_user_likes }) as never,
      );
      return { message: statsLikesMessage(item.name, show_likes), variant: variantOf(show_likes) };
    },
  );
  const stats = statsOf(kind, item);
  return (
    <LikesControl
      liked={stats.show_likes}
      count={stats.total_user_likes}
      label={item.name}
      onToggle={toggle}
      pending={pending}
    />
  );
}

/** docs/web-app.md: without a purchase_url, Buy searches an external store for artist and title. */
export function purchaseLink(track: Pick<TrackMeta, 'purchase_url' | 'artist' | 'title'>): string {
  return (
    track.purchase_url ??
    `https://www.beatport.com/search?q=${encodeURIComponent(`${track.artist} ${track.title}`)}`
  );
}

/**
 * docs/web-app.md Track detail Buy: a real link, so the browser opens the store in a new tab from the click
 * itself (no popup blocker); then PUT /favs/track/{id}/purchase records it and the button reads
 * 'Purchased' from the answer, also after a reload (user_fav.is_purchased).
 */
export function PurchaseButton({
  track,
}: {
  /** A whole track, or a release as an ID's page shows it (not bought yet as far as it says). */
  track: Pick<TrackMeta, 'id' | 'purchase_url' | 'artist' | 'title'> & Partial<Pick<TrackMeta, 'user_fav'>>;
}) {
  const purchased = track.user_fav?.is_purchased ?? false;
  const { toggle, pending } = useLibraryToggle(
    (t) => libraryCalls.purchase(t, track.id),
    (client, { is_purchased }) => {
      patchCachedItem(client, 'track', track.id, (tr) => patchTrackFav(tr, { is_purchased }));
      return { message: LIBRARY_MESSAGES.purchased, variant: 'success' };
    },
  );
  return (
    <Button
      variant={purchased ? 'outlined' : 'contained'}
      href={purchaseLink(track)}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={purchased ? <CheckRounded /> : <ShoppingBagOutlined />}
      aria-disabled={pending || undefined}
      onClick={() => {
        // Already bought: the link still opens the store, nothing to record again.
        if (!purchased) toggle();
      }}
    >
      {purchased ? 'Purchased' : 'Buy'}
    </Button>
  );
}
