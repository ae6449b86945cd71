// The Comments tab of the set and track pages: the form, the list with Load more (a set's comments
// newest first or in set order), and the spec's empty texts. A set comment written while the set
// played shows where ('at 1:02:13') and plays the set from there.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadMore } from '../../components/load-more';
import { colors } from '../../lib/design-tokens';
import { formatClock } from '../../lib/format';
import { useAuth } from '../auth';
import type { PlayerStore } from '../player';
import { useCurrentSetPosition, usePlayer } from '../player';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { type CommentOrder, type CommentsOn, useCommentMutations, useComments } from './comments-api';

/**
 * docs/library.md Comments: the empty texts. A track's comment box sits right above this text, so it
 * invites a comment on the track, as a set's does on the set.
 */
export const EMPTY_COMMENTS = {
  title: "It's pretty quiet here!",
  set: 'Why not be the first to share your thoughts on this set?',
  track: 'Why not be the first to share your thoughts on this track?',
} as const;

/**
 * The playback position to save with a comment on set `setId` (set_timestamp): where the
 * player is when this set is the loaded one, else 0.
 */
export function currentSetPosition(player: Pick<PlayerStore, 'getState'>, setId: number): number {
  const state = player.getState();
  return state.set?.id === setId ? Math.max(0, Math.floor(state.progress)) : 0;
}

/** The tab as the pages mount it: the panel with the app's player as the position source. */
export function CommentsTab({ kind, id }: { kind: CommentsOn; id: number }) {
  const player = usePlayer();
  const playing = useCurrentSetPosition();
  return (
    <CommentsPanel
      kind={kind}
      id={id}
      pinHint={kind === 'set' ? pinHint(playing.setId === id ? playing.position : 0) : undefined}
      setTimestamp={() => (kind === 'set' ? currentSetPosition(player, id) : 0)}
      onPlayAt={kind === 'set' ? (seconds) => void player.playSetFrom(id, seconds) : undefined}
    />
  );
}

/** Says before posting where a set comment will be pinned: the playing position, or nowhere. */
export function pinHint(position: number): string {
  return position >= 1
    ? `Pinned at ${formatClock(position)}, where the set is playing`
    : 'Play the set to pin your comment to the moment you are hearing';
}

export function CommentsPanel({
  kind,
  id,
  setTimestamp,
  onPlayAt,
  pinHint: hint,
}: {
  kind: CommentsOn;
  id: number;
  /** Read at the moment of sending, not when the tab opened. */
  setTimestamp: () => number;
  /** A set's comments: plays the set from where a comment was written. */
  onPlayAt?: (seconds: number) => void;
  /** A set's form: where the comment will be pinned (pinHint). */
  pinHint?: string;
}) {
  const { user } = useAuth();
  const [order, setOrder] = useState<CommentOrder>('newest');
  const query = useComments(kind, id, order);
  const { create, update, remove } = useCommentMutations(kind, id);
  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((page) => page.data);
  const about = kind === 'set' ? { set_meta_id: id } : { track_meta_id: id };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <CommentForm
        label="Add a comment"
        submitLabel="Post"
        clearOnSuccess
        hint={hint}
        onSubmit={(text) => create.mutateAsync({ text, ...about, set_timestamp: setTimestamp() })}
      />
      {kind === 'set' && (
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Order of the comments"
          value={order}
          onChange={(_, next: CommentOrder | null) => next && setOrder(next)}
          sx={{ mt: 2 }}
        >
          <ToggleButton value="newest">Newest first</ToggleButton>
          <ToggleButton value="set">In set order</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Box sx={{ mt: kind === 'set' ? 1 : 3 }}>
        {query.isPending ? (
          <Box role="progressbar" aria-label="Loading comments" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1.5, py: 2 }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="30%" />
                  <Skeleton width="80%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : query.isError ? (
          <QuietState title="Comments could not be loaded" line="Please try again in a moment." />
        ) : posts.length === 0 ? (
          <QuietState title={EMPTY_COMMENTS.title} line={EMPTY_COMMENTS[kind]} />
        ) : (
          <>
            <Box component="ul" aria-label="Comments" sx={{ m: 0, p: 0 }}>
              {posts.map((post) => (
                <CommentItem
                  key={post.id}
                  post={post}
                  isAuthor={user?.id === post.author.id}
                  onPlayAt={onPlayAt}
                  onUpdate={(text) =>
                    update.mutateAsync({
                      postId: post.id,
                      body: {
                        text,
                        set_timestamp: post.set_timestamp,
                        set_meta_id: post.set_meta_id,
                        track_meta_id: post.track_meta_id,
                      },
                    })
                  }
                  onDelete={() => remove.mutateAsync(post.id)}
                />
              ))}
            </Box>
            <LoadMore
              pagination={pages.at(-1)?.pagination}
              shown={posts.length}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Box>
    </Box>
  );
}

function QuietState({ title, line }: { title: string; line: string }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        px: 3,
        py: 5,
        borderRadius: 4,
        border: `1px dashed ${colors.line}`,
        background: `radial-gradient(80% 120% at 50% 0%, rgba(198, 255, 58, 0.07), transparent 70%)`,
      }}
    >
      <ForumOutlined aria-hidden sx={{ fontSize: 44, color: colors.acid, opacity: 0.8 }} />
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {line}
      </Typography>
    </Box>
  );
}
