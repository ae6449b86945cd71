// The profile's Suggestions tab: what the listener suggested IDs are, newest first, each with the
// ID it is about (linking to the ID's page), its status and its counts.
import type { IdentificationStatus } from '@cratedig/contract/identification';
import type { UserIdentification } from '@cratedig/contract/identifications-api';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { LoadMore } from '../../components/load-more';
import { EmptyState, TableSkeleton } from '../../components/states';
import { colors } from '../../lib/design-tokens';
import { proposalLine } from '../../lib/identification-text';
import { relativeTime } from '../../lib/relative-time';
import { useUserIdentifications } from './user-identifications-api';
import { VoteCounts } from './vote-control';

const STATUS: Record<IdentificationStatus, { label: string; color: 'primary' | 'default' }> = {
  open: { label: 'Open for votes', color: 'default' },
  accepted: { label: 'Accepted', color: 'primary' },
  rejected: { label: 'Rejected', color: 'default' },
  withdrawn: { label: 'Withdrawn', color: 'default' },
};

export function ProfileSuggestionsTab({ userId }: { userId: number }) {
  const query = useUserIdentifications(userId);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);
  if (query.isPending) return <TableSkeleton rows={4} label="Loading your suggestions" />;
  if (query.isError) {
    return (
      <EmptyState title="Your suggestions could not be loaded">Please try again in a moment.</EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState title="No suggestions yet">
        Know an ID? Open it from a set's track list and suggest what it is.{' '}
        <Link component={RouterLink} to="/ids">
          IDs waiting to be named
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <Box
        component="ol"
        aria-label="Your suggestions"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {items.map((item) => (
          <SuggestionRow key={item.id} item={item} />
        ))}
      </Box>
      <LoadMore
        pagination={pages.at(-1)?.pagination}
        shown={items.length}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

function SuggestionRow({ item }: { item: UserIdentification }) {
  const status = STATUS[item.status];
  const id = item.id_track;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: 1.5,
        p: 1.5,
        borderRadius: 3,
        backgroundColor: colors.surface1,
        border: `1px solid ${colors.line}`,
      }}
    >
      <Artwork src={item.proposal.track_meta?.art_url_sm ?? id.art_url_sm} size={48} radius={1} />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Link
            component={RouterLink}
            to={`/tracks/${id.id}`}
            color="text.primary"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {proposalLine(item.proposal)}
          </Link>
          <Chip
            size="small"
            label={status.label}
            color={status.color}
            variant={item.status === 'accepted' ? 'filled' : 'outlined'}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          For the ID {id.set_meta ? `in ${id.set_meta.set_name}` : `${id.artist} – ${id.title}`} ·{' '}
          {relativeTime(item.created_dt)}
        </Typography>
        <VoteCounts proposal={item} />
      </Box>
    </Box>
  );
}
