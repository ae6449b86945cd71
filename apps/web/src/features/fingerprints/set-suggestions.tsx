// 'Cratedig found N tracks in this set': the catalogue tracks whose audio the fingerprints found in
// the set where its tracklist does not name them, with their times and how they were played, and one
// action sending them all as the listener's suggestions for the set's IDs (the crowd confirms them).
import type { SetSuggestion } from '@cratedig/contract/fingerprints-api';
import type { FoundProposals } from '@cratedig/contract/found-proposals-api';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import PlaylistAddCheckRounded from '@mui/icons-material/PlaylistAddCheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { formatClock, plural } from '../../lib/format';
import { usePlayer } from '../player';
import { useSetSuggestions } from './fingerprints-api';
import { SKIP_LABELS, sendRefusal, sentSummary } from './found-messages';
import { useProposeFound } from './found-proposals-api';
import { SpeedNote } from './speed-note';
import { StillListening } from './still-listening';

/** What became of one found track when the list was sent: its ID, and a few words. */
interface RowOutcome {
  idTrackId: number | null;
  label: string;
}

/** One found stretch: a track may be found more than once in a set. */
const stretchKey = (trackId: number, start: number) => `${trackId}@${start}`;

function outcomesOf(result: FoundProposals | undefined): Map<string, RowOutcome> {
  const byStretch = new Map<string, RowOutcome>();
  for (const p of result?.proposed ?? [])
    byStretch.set(stretchKey(p.track_meta_id, p.start_time), {
      idTrackId: p.id_track_id,
      label: 'Suggested: open for votes',
    });
  for (const s of result?.skipped ?? [])
    byStretch.set(stretchKey(s.track_meta_id, s.start_time), {
      idTrackId: s.id_track_id,
      label: `Not sent: ${SKIP_LABELS[s.reason]}`,
    });
  return byStretch;
}

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function SuggestionRow({
  setId,
  item,
  outcome,
}: {
  setId: number;
  item: SetSuggestion;
  outcome?: RowOutcome;
}) {
  const player = usePlayer();
  const at = formatClock(item.start_time);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 40px minmax(0, 1fr)',
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button
        size="small"
        startIcon={<PlayArrowRounded />}
        aria-label={`Play from ${at}, where ${item.track_meta.title} is heard`}
        onClick={() => void player.playSetFrom(setId, item.start_time)}
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {at}
      </Button>
      <Artwork src={item.track_meta.art_url_sm} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/tracks/${item.track_meta.id}`}
          sx={{ display: 'block', ...oneLine }}
        >
          {item.track_meta.artist} — {item.track_meta.title}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {at}–{formatClock(item.end_time)} · {Math.round(item.similarity * 100)}% match
          <SpeedNote speed={item.speed} keyLocked={item.key_locked} />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={oneLine}>
          as in{' '}
          <Link component={RouterLink} to={`/sets/${item.heard_in.id}`} color="inherit">
            {item.heard_in.set_name}
          </Link>
        </Typography>
        {outcome && (
          <Typography variant="body2" sx={{ mt: 0.25 }}>
            {outcome.label}
            {outcome.idTrackId !== null && (
              <>
                {' · '}
                <Link component={RouterLink} to={`/tracks/${outcome.idTrackId}`} sx={{ fontWeight: 600 }}>
                  Open the ID
                </Link>
              </>
            )}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function SendFound({ send }: { send: ReturnType<typeof useProposeFound> }) {
  const summary = send.data ? sentSummary(send.data) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PlaylistAddCheckRounded />}
        disabled={send.isPending}
        onClick={() => send.mutate()}
        sx={{ width: 'fit-content' }}
      >
        {send.isPending ? 'Sending…' : 'Suggest these as the tracklist'}
      </Button>
      {!send.data && !send.error && (
        <Typography variant="body2" color="text.secondary">
          Each becomes your suggestion for the ID it plays in (an ID entry is added where the tracklist names
          nothing); nothing is named until other listeners confirm it.
        </Typography>
      )}
      {summary && (
        <Alert severity={send.data && send.data.proposed.length > 0 ? 'success' : 'info'} role="status">
          <strong>{summary.title}</strong>
          {summary.notes.map((note) => (
            <Box key={note}>{note}</Box>
          ))}
        </Alert>
      )}
      {send.error && (
        <Alert severity="error" role="alert">
          {sendRefusal(send.error)}
        </Alert>
      )}
    </Box>
  );
}

export function SetSuggestions({ setId }: { setId: number }) {
  const { data } = useSetSuggestions(setId);
  const send = useProposeFound(setId);
  // nothing found (yet): the set's own tracklist stands alone
  if (!data || data.data.length === 0) {
    // what was just sent stays said even when nothing is left to suggest
    return send.data ? (
      <Box component="section" aria-label="Cratedig's suggestions" sx={{ mt: 3 }}>
        <SendFound send={send} />
      </Box>
    ) : null;
  }
  const title = `Cratedig found ${plural(data.data.length, 'track')} in this set`;
  const outcomes = outcomesOf(send.data);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tracks heard in the audio where the tracklist does not name them, found by listening.
      </Typography>
      {data.listening && <StillListening />}
      <SendFound send={send} />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.data.map((item) => (
          <SuggestionRow
            key={stretchKey(item.track_meta.id, item.start_time)}
            setId={setId}
            item={item}
            outcome={outcomes.get(stretchKey(item.track_meta.id, item.start_time))}
          />
        ))}
      </Box>
    </Box>
  );
}
