// /ids: the IDs waiting to be named, most watched first, as a table on desktop and cards on small
// screens, narrowed to the ones nobody has suggested yet or the ones with suggestions to vote on, or
// to the IDs the listener watches; Load more like the other lists.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { PageBanner } from '../../components/page-banner';
import { PagedList } from '../../components/paged-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { WaitingIdCard } from './waiting-id-card';
import { useWaitingIds } from './waiting-ids-api';
import { waitingIdColumns } from './waiting-ids-columns';
import { useWaitingParams } from './waiting-ids-params';

type StateChoice = 'all' | 'unidentified' | 'proposed';

const CHOICES: [StateChoice, string][] = [
  ['all', 'All'],
  ['unidentified', 'No suggestions yet'],
  ['proposed', 'With suggestions'],
];

export function WaitingIdsPage() {
  useDocumentTitle('IDs waiting to be named');
  const params = useWaitingParams();
  const query = useWaitingIds(params);
  const choice: StateChoice = params.state ?? 'all';
  return (
    <>
      <PageBanner
        overline="IDs"
        title="Help name the IDs"
        subtitle="Unreleased tracks heard in sets that nobody has named yet, the most awaited first. Know one? Suggest what it is, or vote on what others suggest."
        tint="violet"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 3, mb: 2 }}>
        <FormControlLabel
          control={
            <Switch checked={params.followed} onChange={(_, checked) => params.setFollowed(checked)} />
          }
          label="IDs I watch only"
        />
        <Box sx={{ flex: 1 }} />
        <Box role="group" aria-label="Which IDs" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {CHOICES.map(([value, label]) => (
            <Chip
              key={value}
              label={label}
              clickable
              component="button"
              aria-pressed={choice === value}
              color={choice === value ? 'primary' : 'default'}
              variant={choice === value ? 'filled' : 'outlined'}
              onClick={() => params.setState(value === 'all' ? null : value)}
              sx={{ fontWeight: 600 }}
            />
          ))}
        </Box>
      </Box>
      <PagedList
        query={query}
        label="IDs waiting to be named"
        columns={waitingIdColumns}
        renderCard={(track) => <WaitingIdCard track={track} />}
        sort={params.sort}
        onSort={params.toggleSort}
        rowLink={(track) => `/tracks/${track.id}`}
        emptyTitle={params.followed ? 'None of the IDs you watch is waiting' : 'Every ID here has a name'}
        emptyText={
          params.followed
            ? 'Watch an ID from a set’s track list and it shows up here until it is named.'
            : 'Try another filter, or dig through the sets for new IDs.'
        }
      />
    </>
  );
}
