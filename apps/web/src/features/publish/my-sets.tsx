// My sets on the listener's own profile (docs/publishing.md): every draft and published set of theirs,
// newest first, with its artwork, name, state, size and length, and what can be done with it: carry
// on (an upload or the details), publish, edit, unpublish (asking first: likes, comments and queue
// places go with it, the draft stays) and delete (asking first). States change live while a draft is
// processed. /profile#my-sets leads here (the takedown notification).
import type { MySet } from '@cratedig/contract/publish-api';
import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { Artwork } from '../../components/artwork';
import { colors } from '../../lib/design-tokens';
import { relativeTime } from '../../lib/relative-time';
import { ConfirmDialog } from './confirm-dialog';
import { useLiveUploads } from './live-uploads';
import { Placeholder } from './placeholder';
import { useMySets, usePublishDraft, useRemoveDraft, useUnpublishDraft } from './publish-api';
import { bytesText, lengthText } from './publish-format';
import { PUBLISH_TEXT } from './publish-messages';
import { StateChip } from './state-chip';
import { tabUploadLine, useTabUpload } from './tab-upload';

type Asking = { kind: 'unpublish' | 'delete'; set: MySet } | null;

function nameOf(set: MySet): string {
  return set.details.set_name ?? set.file_name;
}

function metaLine(set: MySet): string {
  const parts = [
    set.details.djs.length > 0 ? set.details.djs.join(' b2b ') : null,
    set.state === 'uploading' && set.received_bytes < set.size_bytes
      ? `${bytesText(set.received_bytes)} of ${bytesText(set.size_bytes)}`
      : bytesText(set.size_bytes),
    set.duration_s !== null ? lengthText(set.duration_s) : null,
    `updated ${relativeTime(set.updated_dt)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

function MySetRow({ set, onAsk }: { set: MySet; onAsk: (asking: Asking) => void }) {
  const navigate = useNavigate();
  const tab = useTabUpload();
  // This tab is sending it now: its own count is ahead of the server's.
  const here =
    tab.id === set.id && set.state === 'uploading' && tabUploadLine(tab)
      ? tab.phase === 'uploading'
        ? `${tab.percent} % sent from this tab`
        : `paused at ${tab.percent} %`
      : null;
  const publish = usePublishDraft();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = nameOf(set);
  const draftHref = `/publish?draft=${set.id}`;
  const canPublish = set.state === 'ready' && set.missing.length === 0;
  const progress =
    set.state === 'processing' && set.progress !== null ? ` ${Math.round(set.progress * 100)} %` : '';

  const primary = (() => {
    switch (set.state) {
      case 'uploading':
        return (
          <Button component={RouterLink} to={draftHref} variant="outlined" size="small">
            {here ? 'Open' : 'Continue upload'}
          </Button>
        );
      case 'processing':
        return (
          <Button component={RouterLink} to={draftHref} variant="outlined" size="small" color="inherit">
            Open
          </Button>
        );
      case 'ready':
        return canPublish ? (
          <Button
            variant="contained"
            size="small"
            disabled={publish.isPending}
            onClick={() =>
              void publish.mutateAsync(set.id).then(
                (published) => {
                  if (published.set_id !== null) navigate(`/sets/${published.set_id}`);
                },
                () => undefined,
              )
            }
          >
            Publish
          </Button>
        ) : (
          <Button component={RouterLink} to={draftHref} variant="contained" size="small">
            Finish details
          </Button>
        );
      case 'published':
        return set.set_id !== null ? (
          <Button
            component={RouterLink}
            to={`/sets/${set.set_id}`}
            variant="outlined"
            size="small"
            color="inherit"
          >
            Open set
          </Button>
        ) : null;
      default:
        return null;
    }
  })();

  const menuItems = [
    (set.state === 'ready' || set.state === 'published') && (
      <MenuItem key="edit" component={RouterLink} to={draftHref} onClick={() => setAnchor(null)}>
        Edit details
      </MenuItem>
    ),
    set.state === 'published' && (
      <MenuItem
        key="unpublish"
        onClick={() => {
          setAnchor(null);
          onAsk({ kind: 'unpublish', set });
        }}
      >
        Unpublish
      </MenuItem>
    ),
    <MenuItem
      key="delete"
      onClick={() => {
        setAnchor(null);
        onAsk({ kind: 'delete', set });
      }}
      sx={{ color: colors.danger }}
    >
      Delete
    </MenuItem>,
  ].filter(Boolean);

  return (
    <Box
      component="li"
      data-state={set.state}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '56px minmax(0, 1fr)', sm: '72px minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"art text" "actions actions"', sm: '"art text actions"' },
        columnGap: { xs: 1.5, sm: 2 },
        rowGap: 1.25,
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        borderTop: `1px solid ${colors.line}`,
        '&:first-of-type': { borderTop: 'none' },
      }}
    >
      <Box sx={{ gridArea: 'art' }}>
        <Artwork
          src={set.art_url_sm ?? set.art_url_xl}
          size={72}
          radius={1.5}
          sx={{ width: { xs: 56, sm: 72 }, height: { xs: 56, sm: 72 } }}
        />
      </Box>
      <Box sx={{ gridArea: 'text', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
          <Typography
            component="h3"
            title={name}
            sx={{
              fontWeight: 700,
              minWidth: 0,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {set.state === 'published' && set.set_id !== null ? (
              <Box
                component={RouterLink}
                to={`/sets/${set.set_id}`}
                sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
              >
                {name}
              </Box>
            ) : (
              name
            )}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <StateChip state={set.state} />
          {here && (
            <Typography variant="caption" sx={{ color: colors.acid, fontWeight: 600 }}>
              {here}
            </Typography>
          )}
          {progress && (
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {progress}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {metaLine(set)}
          </Typography>
        </Box>
        {(set.state === 'failed' || set.state === 'taken_down') && set.reason && (
          <Typography variant="body2" sx={{ color: '#ffb3c1', overflowWrap: 'anywhere' }}>
            {set.reason}
          </Typography>
        )}
        {set.state === 'ready' && set.missing.length > 0 && (
          <Typography variant="body2" sx={{ color: 'warning.main' }}>
            Needs its details before it can be published.
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          gridArea: 'actions',
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', sm: 'flex-end' },
        }}
      >
        {primary}
        <IconButton
          aria-label={`More actions for ${name}`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ ml: { xs: 'auto', sm: 0 } }}
        >
          <MoreVertRounded />
        </IconButton>
      </Box>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {menuItems}
      </Menu>
      {publish.error && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {isApiError(publish.error) ? publish.error.message : 'The set could not be published.'}
        </Alert>
      )}
    </Box>
  );
}

function EmptyMySets() {
  return (
    <Box
      role="status"
      sx={{
        display: 'grid',
        justifyItems: 'start',
        gap: 1,
        px: { xs: 2.5, sm: 4 },
        py: { xs: 3, sm: 4 },
        borderRadius: 4,
        border: `1px dashed ${colors.line}`,
        background: `radial-gradient(80% 140% at 0% 0%, rgba(198, 255, 58, 0.08) 0%, transparent 60%), ${colors.surface1}`,
      }}
    >
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{PUBLISH_TEXT.myEmptyTitle}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {PUBLISH_TEXT.myEmptyLine}
      </Typography>
      <Button
        component={RouterLink}
        to="/publish"
        variant="contained"
        startIcon={<AddRounded />}
        sx={{ mt: 1 }}
      >
        Publish a set
      </Button>
    </Box>
  );
}

export function MySetsSection() {
  useLiveUploads();
  const { data, isPending, isError } = useMySets(true, true);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const unpublish = useUnpublishDraft();
  const remove = useRemoveDraft();

  // /profile#my-sets: scroll here once the list is drawn.
  const loaded = Boolean(data);
  useEffect(() => {
    if (hash === '#my-sets' && loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  const act = () => {
    if (!asking) return;
    const mutation = asking.kind === 'unpublish' ? unpublish : remove;
    mutation.mutate(asking.set.id, { onSuccess: () => setAsking(null) });
  };
  const busy = unpublish.isPending || remove.isPending;
  const failure = (asking?.kind === 'unpublish' ? unpublish.error : remove.error) ?? null;
  const items = data?.items ?? [];

  return (
    <Box
      component="section"
      id="my-sets"
      ref={section}
      aria-labelledby="my-sets-title"
      sx={{ mt: 4, scrollMarginTop: 96 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography
          id="my-sets-title"
          component="h2"
          sx={{ fontWeight: 800, fontSize: '1.4rem', mr: 'auto' }}
        >
          My sets
          {data && data.total > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, fontSize: '1rem', ml: 1 }}>
              {data.total}
            </Box>
          )}
        </Typography>
        {items.length > 0 && (
          <Button
            component={RouterLink}
            to="/publish"
            variant="outlined"
            startIcon={<AddRounded />}
            size="small"
          >
            Publish a set
          </Button>
        )}
      </Box>
      {isPending ? (
        <Placeholder height={104} label="Loading your sets" />
      ) : isError ? (
        <Alert severity="error">Your sets could not be loaded. Try again in a moment.</Alert>
      ) : items.length === 0 ? (
        <EmptyMySets />
      ) : (
        <Box
          component="ul"
          aria-label="My sets"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            borderRadius: 4,
            border: `1px solid ${colors.line}`,
            backgroundColor: colors.surface1,
            overflow: 'hidden',
          }}
        >
          {items.map((set) => (
            <MySetRow key={set.id} set={set} onAsk={setAsking} />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === 'unpublish' ? PUBLISH_TEXT.unpublishTitle : PUBLISH_TEXT.deleteTitle}
        text={asking?.kind === 'unpublish' ? PUBLISH_TEXT.unpublishLine : PUBLISH_TEXT.deleteLine}
        confirm={asking?.kind === 'unpublish' ? 'Unpublish' : 'Delete'}
        danger
        busy={busy}
        error={failure ? (isApiError(failure) ? failure.message : 'That did not work. Try again.') : null}
        onConfirm={act}
        onClose={() => {
          unpublish.reset();
          remove.reset();
          setAsking(null);
        }}
      />
    </Box>
  );
}
