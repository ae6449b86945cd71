// What the owner of a published set has on its page (docs/publishing.md "Owning a set"): Edit, which
// opens the same details form as /publish and applies at once, and the tracks Cratedig recognised in
// the recording that the tracklist lacks, to add one by one or all at once. The form (and the
// contract's schemas it checks with) loads only when Edit is pressed.
import type { MySet, RecognisedTrack } from '@cratedig/contract/publish-api';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HearingRounded from '@mui/icons-material/HearingRounded';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { colors } from '../../lib/design-tokens';
import { formatClock, plural } from '../../lib/format';
import { useAcceptRecognised, useRecognised } from './publish-api';
import { PUBLISH_TEXT } from './publish-messages';

const EditSetDialog = lazy(() => import('./edit-set-dialog').then((m) => ({ default: m.EditSetDialog })));

/** The hero's Edit button for the set's owner. */
export function OwnerEditButton({ draft }: { draft: MySet }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<EditOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        sx={{ borderColor: colors.line }}
      >
        Edit
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <EditSetDialog draft={draft} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function matchText(similarity: number): string {
  return `${Math.round(similarity * 100)} % match`;
}

function RecognisedRow({ item, busy, onAdd }: { item: RecognisedTrack; busy: boolean; onAdd: () => void }) {
  const mix = item.mix_name ? ` (${item.mix_name})` : '';
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: '7.5rem minmax(0, 1fr) auto auto' },
        columnGap: 2,
        rowGap: 0.25,
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        borderTop: `1px solid ${colors.line}`,
      }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', gridColumn: { xs: '1', sm: 'auto' } }}
      >
        {formatClock(item.start_time)}–{formatClock(item.end_time)}
      </Typography>
      <Typography
        sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', gridColumn: { xs: '1', sm: 'auto' } }}
      >
        {item.artist} – {item.title}
        {mix}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: colors.acid,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          display: { xs: 'none', sm: 'block' },
        }}
      >
        {matchText(item.similarity)}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={onAdd}
        aria-label={`Add ${item.artist} – ${item.title} to the tracklist`}
        sx={{ gridColumn: { xs: '2', sm: 'auto' }, gridRow: { xs: '1 / span 2', sm: 'auto' } }}
      >
        Add to tracklist
      </Button>
    </Box>
  );
}

/** "Recognised in your recording": the owner's way to take what the fingerprints heard. */
export function RecognisedPanel({ draft }: { draft: MySet }) {
  const { data } = useRecognised(draft.id);
  const accept = useAcceptRecognised(draft.id);
  const added = accept.data?.accepted;
  if (!data) return null;
  // Nothing left to add: the panel goes, unless it is saying what was just added.
  if (data.heard && data.items.length === 0 && added === undefined) return null;
  return (
    <Box
      component="section"
      aria-labelledby="recognised-title"
      sx={{
        mt: 3,
        borderRadius: 4,
        border: `1px solid ${colors.line}`,
        background: `radial-gradient(80% 140% at 100% 0%, rgba(198, 255, 58, 0.07) 0%, transparent 60%), ${colors.surface1}`,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          flexWrap: 'wrap',
          px: { xs: 1.5, sm: 2 },
          py: 1.5,
        }}
      >
        <HearingRounded aria-hidden sx={{ color: colors.acid, display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography id="recognised-title" component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            {PUBLISH_TEXT.recognisedTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {!data.heard
              ? PUBLISH_TEXT.stillListening
              : data.items.length > 0
                ? `${plural(data.items.length, 'track')} your tracklist does not name yet. Only you see this.`
                : 'Your tracklist names everything Cratedig heard.'}
          </Typography>
        </Box>
        {data.heard && data.items.length > 1 && (
          <Button
            variant="contained"
            startIcon={<PlaylistAddRounded />}
            disabled={accept.isPending}
            onClick={() => accept.mutate({})}
          >
            Add all {data.items.length}
          </Button>
        )}
      </Box>
      {added !== undefined && (
        <Alert severity="success" sx={{ mx: 2, mb: 1.5 }} role="status">
          {plural(added, 'track')} added to your tracklist.
        </Alert>
      )}
      {accept.error && (
        <Alert severity="error" sx={{ mx: 2, mb: 1.5 }} role="alert">
          {isApiError(accept.error) ? accept.error.message : 'The tracks could not be added. Try again.'}
        </Alert>
      )}
      {data.heard && (
        <Box component="ol" aria-label="Recognised tracks" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.items.map((item) => (
            <RecognisedRow
              key={`${item.track_meta_id}@${item.start_time}`}
              item={item}
              busy={accept.isPending}
              onAdd={() =>
                accept.mutate({
                  tracks: [{ track_meta_id: item.track_meta_id, start_time: item.start_time }],
                })
              }
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
