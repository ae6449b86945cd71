// docs/player.md "The queue", "Likes" and "Other messages": the exact texts the player shows.
export const PLAYER_MESSAGES = {
  queued: 'Set added to queue!',
  alreadyQueued: 'This set is already in the queue.',
  queueFailed: 'Something went wrong, please try again!',
  likeFailed: 'Failed to like track',
  authRefreshing: 'Authentication expired, refreshing...',
  playingTrack: 'Playing track!',
  // a track only lists without times name: the set plays from its start, not from the track
  playingUntimedSet: 'Playing the set from its start: its track list has no times.',
} as const;

/** docs/player.md Likes success: the track title followed by ' has been saved to your likes!'. */
export function likedMessage(title: string): string {
  return `${title} has been saved to your likes!`;
}
