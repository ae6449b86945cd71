import type { SortChoice } from '@cratedig/contract/constants';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { FilterDialog, type SortOption } from './filter-dialog';

/**
 * The controls above a discover list (docs/web-app.md): the followed-only switch, the active genre, and the
 * filter dialog with genre and sort.
 */
export function ListToolbar({
  followedLabel,
  followed,
  onFollowedChange,
  genre,
  sort,
  sortOptions,
  resetSort,
  onFilter,
  place,
}: {
  followedLabel: string;
  followed: boolean;
  onFollowedChange: (followed: boolean) => void;
  genre: string | null;
  sort: SortChoice;
  sortOptions: SortOption[];
  resetSort: SortChoice;
  onFilter: (genre: string | null, sort: SortChoice) => void;
  /** The festival or venue the list is narrowed to (sets), with a way back to every set. */
  place?: { label: string; onClear: () => void } | null;
}) {
  const [open, setOpen] = useState(false);
  const sortLabel = sortOptions.find((o) => o.value === sort.order_by)?.label ?? 'Default';
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        mt: 3,
        mb: 2,
      }}
    >
      <FormControlLabel
        control={<Switch checked={followed} onChange={(_, checked) => onFollowedChange(checked)} />}
        label={followedLabel}
      />
      <Box sx={{ flex: 1 }} />
      {place && (
        <Chip
          label={place.label}
          color="primary"
          onDelete={place.onClear}
          aria-label={`${place.label}, show every set`}
          sx={{ maxWidth: '100%' }}
        />
      )}
      {genre && (
        <Chip
          label={`Genre: ${genre}`}
          color="primary"
          variant="outlined"
          onDelete={() => onFilter(null, sort)}
          aria-label={`Genre: ${genre}`}
        />
      )}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<TuneRounded />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Filter · {sortLabel} {sort.order_direction === 'asc' ? '↑' : '↓'}
      </Button>
      <FilterDialog
        open={open}
        value={{ genre, sort }}
        sortOptions={sortOptions}
        resetSort={resetSort}
        onClose={() => setOpen(false)}
        onApply={(filter) => {
          setOpen(false);
          onFilter(filter.genre, filter.sort);
        }}
      />
    </Box>
  );
}
