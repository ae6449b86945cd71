// Row → the contract's Post (docs/library.md Comment): the text exactly as stored, the author's public
// fields.
import type { Post } from '@cratedig/contract/comment';
import type { PostRow } from './queries';

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    text: row.text,
    timestamp: row.created,
    edited_dt: row.edited,
    set_timestamp: row.set_timestamp,
    set_meta_id: row.set_id,
    track_meta_id: row.track_id,
    // Only id, username and avatar_url: every signed-in user reads these (no email, no provider).
    author: { id: row.author_id, username: row.author_username, avatar_url: row.author_avatar_url },
  };
}
