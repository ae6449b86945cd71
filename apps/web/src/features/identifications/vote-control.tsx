// The listener's vote on an open suggestion: Confirm or Reject (pressed when it is their vote; a
// second press, or Take back, withdraws it), with the counts beside. Only counts are public: nobody
// sees who voted how. The author of a suggestion cannot vote on it, and a decided one takes no votes.
import type { Identification, Vote } from '@cratedig/contract/identification';
import ThumbDownAltOutlined from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colors } from '../../lib/design-tokens';
import { formatNumber } from '../../lib/format';
import { enqueueSnackbar } from '../../lib/toast';
import { IDENTIFICATION_MESSAGES, refusalMessage } from './identification-messages';
import { useVote } from './vote-api';

const VOTED: Record<Vote, string> = {
  confirm: IDENTIFICATION_MESSAGES.voteConfirm,
  reject: IDENTIFICATION_MESSAGES.voteReject,
};

/** '3 confirm · 1 reject' as the screen reader and the eye read it. */
export function VoteCounts({
  proposal,
}: {
  proposal: Pick<Identification, 'confirm_count' | 'reject_count'>;
}) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      aria-label={`${proposal.confirm_count} confirm, ${proposal.reject_count} reject`}
      sx={{ display: 'inline-flex', gap: 1.5, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <ThumbUpAltOutlined aria-hidden sx={{ fontSize: 16 }} />
        {formatNumber(proposal.confirm_count)}
      </Box>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <ThumbDownAltOutlined aria-hidden sx={{ fontSize: 16 }} />
        {formatNumber(proposal.reject_count)}
      </Box>
    </Typography>
  );
}

export function VoteControl({ proposal, name }: { proposal: Identification; name: string }) {
  const vote = useVote(proposal);
  const mine = proposal.user_vote;
  const send = (next: Vote | null) => {
    vote.mutate(next, {
      onSuccess: () =>
        enqueueSnackbar(next ? VOTED[next] : IDENTIFICATION_MESSAGES.voteTakenBack, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(refusalMessage(error, 'vote'), { variant: 'error' }),
    });
  };
  const choice = (value: Vote, label: string, icon: ReactNode) => {
    const pressed = mine === value;
    return (
      <Button
        size="small"
        variant={pressed ? 'contained' : 'outlined'}
        color={value === 'confirm' ? 'primary' : 'inherit'}
        startIcon={icon}
        aria-pressed={pressed}
        aria-label={`${label} ${name}`}
        disabled={vote.isPending}
        onClick={() => send(pressed ? null : value)}
        sx={{
          borderRadius: 999,
          fontWeight: 700,
          minWidth: 0,
          px: 1.5,
          fontVariantNumeric: 'tabular-nums',
          ...(value === 'reject' && pressed
            ? { bgcolor: colors.surface3, color: 'text.primary', '&:hover': { bgcolor: colors.line } }
            : {}),
          ...(value === 'reject' && !pressed ? { borderColor: colors.line } : {}),
        }}
      >
        {label} · {formatNumber(value === 'confirm' ? proposal.confirm_count : proposal.reject_count)}
      </Button>
    );
  };
  return (
    <Box
      role="group"
      aria-label={`Your vote on ${name}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      {choice('confirm', 'Confirm', <ThumbUpAltOutlined />)}
      {choice('reject', 'Reject', <ThumbDownAltOutlined />)}
      {mine && (
        <Button
          size="small"
          color="inherit"
          disabled={vote.isPending}
          onClick={() => send(null)}
          sx={{ color: 'text.secondary', textDecoration: 'underline', textUnderlineOffset: 3 }}
        >
          Take back my vote
        </Button>
      )}
    </Box>
  );
}
