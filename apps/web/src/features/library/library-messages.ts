// docs/library.md "Messages" → Toggles, and 'Track purchased!': the exact texts, word for word.
// Sets and tracks: the spec pairs 'Set added to favorites!' with 'Set removed from likes!' for the
// favourite toggle, and gives 'added to likes' / 'removed from likes' for the visibility toggle; both
// are reproduced as written. IDs have their own wording (favourite and watching).

export type ItemNoun = 'Set' | 'Track';

export const LIBRARY_MESSAGES = {
  idFavOn: 'ID added to favorites!',
  idFavOff: 'ID removed from favorites.',
  idWatchOn: 'Started watching ID!',
  idWatchOff: 'Stopped watching ID.',
  purchased: 'Track purchased!',
} as const;

/** PUT /favs/{set,track}/{id} answered is_fav. */
export function favMessage(noun: ItemNoun | 'ID', isFav: boolean): string {
  if (noun === 'ID') return isFav ? LIBRARY_MESSAGES.idFavOn : LIBRARY_MESSAGES.idFavOff;
  return isFav ? `${noun} added to favorites!` : `${noun} removed from likes!`;
}

/** PUT /favs/{set,track}/{id}/likes-toggle answered show_likes (for an ID: watching). */
export function likesMessage(noun: ItemNoun | 'ID', showLikes: boolean): string {
  if (noun === 'ID') return showLikes ? LIBRARY_MESSAGES.idWatchOn : LIBRARY_MESSAGES.idWatchOff;
  return showLikes ? `${noun} added to likes!` : `${noun} removed from likes!`;
}

/** PUT /stats/{artist,label}/{id}/follow answered is_followed. */
export function followMessage(name: string, followed: boolean): string {
  return `${name} ${followed ? 'followed!' : 'unfollowed!'}`;
}

/** PUT /stats/{artist,label}/{id}/likes-toggle answered show_likes. */
export function statsLikesMessage(name: string, showLikes: boolean): string {
  return `${name} ${showLikes ? 'likes!' : 'unlikes!'}`;
}
