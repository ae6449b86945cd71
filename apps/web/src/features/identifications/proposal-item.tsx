// One suggestion of what an ID is: what it names (a catalogue track with its artwork and a link, or
// 'Artist – Title (Mix)' with the label and a store link), who suggested it and when, the counts,
// and the listener's part: their vote, or Withdraw on their own while it is open; a decided one shows
// its outcome.
import type { Identification, IdentificationStatus } from '@cratedig/contract/identification';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { visuallyHidden } from '../../components/visually-hidden';
import { colors } from '../../lib/design-tokens';
import { proposalLine, proposalParts } from '../../lib/identification-text';
import { relativeTime } from '../../lib/relative-time';
import { enqueueSnackbar } from '../../lib/toast';
import { IDENTIFICATION_MESSAGES, refusalMessage } from './identification-messages';
import { VoteControl, VoteCounts } from './vote-control';
import { useWithdraw } from './withdraw-api';

const OUTCOME: Record<Exclude<IdentificationStatus, 'open'>, { label: string; accent: boolean }> = {
  accepted: { label: 'Accepted', accent: true },
  rejected: { label: 'Rejected', accent: false },
  withdrawn: { label: 'Withdrawn', accent: false },
};

/** The element id a duplicate's message scrolls to. */
export const proposalAnchor = (id: number) => `suggestion-${id}`;

export function ProposalItem({ proposal, highlighted }: { proposal: Identification; highlighted?: boolean }) {
  const names = proposal.proposal;
  const line = proposalLine(names);
  const { artist, title, mix } = proposalParts(names);
  const outcome = proposal.status === 'open' ? null : OUTCOME[proposal.status];
  const open = outcome === null;
  const track = names.track_meta;
  const label = track ? track.label_name : names.label_name;
  return (
    <Box
      component="li"
      id={proposalAnchor(proposal.id)}
      aria-label={line}
      tabIndex={-1}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: { xs: 1.5, sm: 2 },
        p: { xs: 1.5, sm: 2 },
        borderRadius: 4,
        border: `1px solid ${highlighted || proposal.status === 'accepted' ? 'rgba(198, 255, 58, 0.45)' : colors.line}`,
        backgroundColor: open ? colors.surface1 : 'transparent',
        opacity: open || proposal.status === 'accepted' ? 1 : 0.78,
        scrollMarginTop: 96,
        outline: 'none',
        transition: 'border-color 300ms',
      }}
    >
      {track ? (
        <Artwork src={track.art_url_sm} size={56} radius={1.5} />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: colors.surface3,
            color: 'text.secondary',
          }}
        >
          <HelpOutlineRounded />
        </Box>
      )}
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
            {track ? (
              <Link component={RouterLink} to={`/tracks/${track.id}`} color="text.primary">
                {artist} – {title}
                {mix ? ` (${mix})` : ''}
              </Link>
            ) : (
              <>
                {artist} – {title}
                {mix ? ` (${mix})` : ''}
              </>
            )}
          </Typography>
          {outcome && (
            <Chip
              size="small"
              label={outcome.label}
              color={outcome.accent ? 'primary' : 'default'}
              variant={outcome.accent ? 'filled' : 'outlined'}
              sx={{ fontWeight: 700 }}
            />
          )}
          {track && (
            <Typography component="span" variant="caption" color="text.secondary">
              In the catalogue
            </Typography>
          )}
        </Box>
        {(label || names.url) && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', overflowWrap: 'anywhere' }}
          >
            {label && <span>{label}</span>}
            {names.url && (
              <Link
                href={names.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
              >
                Listen or buy
                <OpenInNewRounded aria-hidden sx={{ fontSize: 14 }} />
                <Box component="span" sx={visuallyHidden}>
                  (opens {hostOf(names.url)} in a new tab)
                </Box>
              </Link>
            )}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {proposal.is_own ? 'Your suggestion' : `Suggested by ${proposal.author.username}`} ·{' '}
          {relativeTime(proposal.created_dt)}
          {proposal.decided_dt &&
            outcome &&
            ` · ${outcome.label.toLowerCase()} ${relativeTime(proposal.decided_dt)}`}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 0.25 }}>
          {open && !proposal.is_own ? (
            <VoteControl proposal={proposal} name={line} />
          ) : (
            <VoteCounts proposal={proposal} />
          )}
          {open && proposal.is_own && <WithdrawButton proposal={proposal} name={line} />}
        </Box>
      </Box>
    </Box>
  );
}

function WithdrawButton({ proposal, name }: { proposal: Identification; name: string }) {
  const withdraw = useWithdraw(proposal);
  return (
    <Button
      size="small"
      color="inherit"
      variant="outlined"
      aria-label={`Withdraw your suggestion ${name}`}
      disabled={withdraw.isPending}
      onClick={() =>
        withdraw.mutate(undefined, {
          onSuccess: () => enqueueSnackbar(IDENTIFICATION_MESSAGES.withdrawn, { variant: 'success' }),
          onError: (error) => enqueueSnackbar(refusalMessage(error, 'withdraw'), { variant: 'error' }),
        })
      }
      sx={{ borderRadius: 999, borderColor: colors.line }}
    >
      Withdraw
    </Button>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the link';
  }
}
