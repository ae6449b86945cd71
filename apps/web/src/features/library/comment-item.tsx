// One comment (docs/library.md Comment): author avatar and name, relative time, where in the set it was
// written ('at 1:02:13', which plays the set from there) when there is one, and the text — always as text, never as HTML (so nobody can inject markup). Only its author gets
// the edit/delete menu (docs/library.md); edit is inline with Update, delete asks first.
import type { Post } from '@cratedig/contract/comment';
import GraphicEqRounded from '@mui/icons-material/GraphicEqRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { colors } from '../../lib/design-tokens';
import { formatClock } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { relativeTime } from '../../lib/relative-time';
import { CommentForm } from './comment-form';

/** A comment longer than this (or than LONG_LINES lines) opens folded, with Show more. */
export const LONG_COMMENT_CHARS = 400;
const LONG_LINES = 6;

/**
 * The text, exactly as written: React escapes it, so markup is shown, never run. A long one is cut
 * at a word near LONG_COMMENT_CHARS (or after LONG_LINES lines) with Show more / Show less, so one
 * comment cannot push the rest of the list off the screen.
 */
function CommentText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const lines = text.split('\n');
  const long = text.length > LONG_COMMENT_CHARS || lines.length > LONG_LINES;
  let shown = text;
  if (long && !open) {
    const head = lines.slice(0, LONG_LINES).join('\n').slice(0, LONG_COMMENT_CHARS);
    const space = head.lastIndexOf(' ');
    shown = `${(space > LONG_COMMENT_CHARS * 0.8 ? head.slice(0, space) : head).trimEnd()}…`;
  }
  return (
    <>
      <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{shown}</Typography>
      {long && (
        <Button
          size="small"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          sx={{ mt: 0.5, ml: -1, px: 1, minWidth: 0 }}
        >
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}

/** 'at 1:02:13': a button playing the set from there, or plain text when nothing can play it. */
function TimedChip({ seconds, onPlayAt }: { seconds: number; onPlayAt?: (seconds: number) => void }) {
  const label = `at ${formatClock(seconds)}`;
  if (!onPlayAt) {
    return <Chip size="small" variant="outlined" icon={<GraphicEqRounded />} label={label} />;
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      clickable
      icon={<PlayArrowRounded />}
      label={label}
      title={`Play the set from ${formatClock(seconds)}`}
      onClick={() => onPlayAt(seconds)}
      sx={{ fontVariantNumeric: 'tabular-nums', '& .MuiChip-icon': { color: colors.acid } }}
    />
  );
}

export function CommentItem({
  post,
  isAuthor,
  onPlayAt,
  onUpdate,
  onDelete,
}: {
  post: Post;
  isAuthor: boolean;
  /** Plays the set from the second the comment was written at; absent: the position is only shown. */
  onPlayAt?: (seconds: number) => void;
  onUpdate: (text: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = post.author.username;
  const written = new Date(post.timestamp);

  return (
    <Box
      component="li"
      aria-label={`Comment by ${name}`}
      sx={{ display: 'flex', gap: 1.5, py: 2, borderBottom: `1px solid ${colors.line}`, listStyle: 'none' }}
    >
      <Avatar
        src={post.author.avatar_url ? resolveMediaUrl(post.author.avatar_url) : undefined}
        alt=""
        sx={{ width: 40, height: 40, bgcolor: colors.surface3, color: colors.acid, fontWeight: 700 }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* The author's menu stays at the end of the first line; name, time and position wrap before it. */}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minHeight: 32 }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              columnGap: 1,
              rowGap: 0.5,
              flexWrap: 'wrap',
              flex: 1,
              minWidth: 0,
              minHeight: 32,
            }}
          >
            <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              component="time"
              dateTime={post.timestamp}
              title={written.toLocaleString('en-GB')}
              variant="body2"
              color="text.secondary"
            >
              {relativeTime(post.timestamp)}
            </Typography>
            {post.edited_dt && (
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                title={`Edited ${new Date(post.edited_dt).toLocaleString('en-GB')}`}
              >
                · edited
              </Typography>
            )}
            {post.set_timestamp != null && post.set_timestamp > 0 && (
              <TimedChip seconds={post.set_timestamp} onPlayAt={onPlayAt} />
            )}
          </Box>
          {isAuthor && !editing && (
            <IconButton
              size="small"
              aria-label="Comment actions"
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              sx={{ flexShrink: 0 }}
            >
              <MoreVertRounded fontSize="small" />
            </IconButton>
          )}
        </Box>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              label="Edit your comment"
              submitLabel="Update"
              initialText={post.text}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={async (text) => {
                await onUpdate(text);
                setEditing(false);
              }}
            />
          </Box>
        ) : (
          <CommentText text={post.text} />
        )}
      </Box>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setEditing(true);
          }}
        >
          Edit
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setConfirming(true);
          }}
          sx={{ color: colors.danger }}
        >
          Delete
        </MenuItem>
      </Menu>
      <Dialog open={confirming} onClose={() => !deleting && setConfirming(false)}>
        <DialogTitle>Delete this comment?</DialogTitle>
        <DialogContent>
          <DialogContentText>It will be removed for everyone. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={deleting}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={deleting}
            onClick={async () => {
              setDeleting(true);
              try {
                await onDelete();
                setConfirming(false);
              } catch {
                // only logged (docs/library.md); the dialog stays so the user can try again
              } finally {
                setDeleting(false);
              }
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
