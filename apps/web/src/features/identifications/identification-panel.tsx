// On an ID's page: what the crowd says it is. The ID's state in words, the suggestions (open ones
// first, then the decided ones with their outcome), and "Suggest what this is". Everything here
// changes live for everyone with the page open (live-identifications.ts).
import type { TrackIdentification } from '@cratedig/contract/identification';
import type { TrackRelease } from '@cratedig/contract/track';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { LoadMore } from '../../components/load-more';
import { colors } from '../../lib/design-tokens';
import { idStateLine } from '../../lib/identification-text';
import { useLiveIdentifications } from './live-identifications';
import { ProposalItem, proposalAnchor } from './proposal-item';
import { useTrackIdentifications } from './track-identifications-api';

// The form (and the catalogue picker in it) loads when a listener opens it, not with every ID page.
const SuggestForm = lazy(() => import('./suggest-form').then((m) => ({ default: m.SuggestForm })));

export function IdentificationPanel({
  trackId,
  identification,
  release,
}: {
  trackId: number;
  identification: TrackIdentification | null | undefined;
  release: TrackRelease | null | undefined;
}) {
  useLiveIdentifications([trackId]);
  const list = useTrackIdentifications(trackId);
  const [suggesting, setSuggesting] = useState(false);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const pages = list.data?.pages ?? [];
  const proposals = pages.flatMap((page) => page.data);
  const status = release ? 'released' : (identification?.status ?? 'unidentified');
  const open = status === 'unidentified' || status === 'proposed';
  const stateLine = idStateLine(identification, release) ?? 'Nobody has suggested what this is yet';

  const showProposal = (id: number) => {
    setSuggesting(false);
    setHighlighted(id);
    // after the form has closed and the list has re-laid out
    requestAnimationFrame(() => {
      const element = document.getElementById(proposalAnchor(id));
      element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      element?.focus({ preventScroll: true });
    });
  };

  return (
    <Box component="section" aria-labelledby="identification-heading" sx={{ mt: 4, display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id="identification-heading"
            variant="overline"
            component="h2"
            sx={{ color: colors.acid, fontWeight: 700, lineHeight: 1.6 }}
          >
            What is this ID?
          </Typography>
          <Typography
            role="status"
            aria-label="Identification"
            sx={{ fontWeight: 700, fontSize: { xs: '1.15rem', sm: '1.3rem' }, overflowWrap: 'anywhere' }}
          >
            {stateLine}
          </Typography>
        </Box>
        {open && !suggesting && (
          <Button
            variant="outlined"
            startIcon={<AddCommentOutlined />}
            onClick={() => setSuggesting(true)}
            sx={{ borderRadius: 999, fontWeight: 700, flexShrink: 0 }}
          >
            Suggest what this is
          </Button>
        )}
      </Box>
      {suggesting && (
        <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ borderRadius: 4 }} />}>
          <SuggestForm trackId={trackId} onDone={() => setSuggesting(false)} onShowProposal={showProposal} />
        </Suspense>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={96} sx={{ borderRadius: 4 }} aria-label="Loading suggestions" />
      ) : list.isError ? (
        <Typography color="text.secondary">
          Suggestions could not be loaded. Please try again in a moment.
        </Typography>
      ) : proposals.length === 0 ? (
        open && (
          <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
            Know this track? Suggest what it is. When enough listeners confirm a suggestion, everyone waiting
            for this ID hears about it.
          </Typography>
        )
      ) : (
        <>
          <Box
            component="ol"
            aria-label="Suggestions"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}
          >
            {proposals.map((proposal) => (
              <ProposalItem key={proposal.id} proposal={proposal} highlighted={proposal.id === highlighted} />
            ))}
          </Box>
          {(pages.at(-1)?.pagination.total ?? 0) > proposals.length && (
            <LoadMore
              pagination={pages.at(-1)?.pagination}
              shown={proposals.length}
              loading={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
            />
          )}
        </>
      )}
    </Box>
  );
}
