// The library feature's public entry: the toggles, the comments tab and the profile's liked lists
// that other pages embed. Everything else in this folder is its own business.
export { useCommentMarkers } from './comments-api';
export { CommentsTab } from './comments-tab';
export { ProfileLikedTabs } from './profile-liked-tabs';
export {
  FollowToggle,
  PlaceFollowToggle,
  PurchaseButton,
  SetFavouriteToggle,
  SetLikesToggle,
  StatsLikesToggle,
  TrackFavouriteToggle,
  TrackLikesToggle,
} from './toggle-buttons';
