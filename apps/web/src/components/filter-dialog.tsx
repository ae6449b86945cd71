import { GENRES, type OrderDirection, type SortChoice } from '@cratedig/contract/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

export const ALL_GENRES = 'All';

export interface ListFilter {
  /** null means 'All'. */
  genre: string | null;
  sort: SortChoice;
}

export interface SortOption {
  label: string;
  value: string;
}

/**
 * docs/web-app.md Discover lists: the filter dialog with genre and sort. Apply takes the choices; Clear goes
 * back to genre 'All' and the list's reset sort (docs/catalogue.md FILTER_RESET_SORTS) at once.
 */
export interface FilterDialogProps {
  open: boolean;
  value: ListFilter;
  sortOptions: SortOption[];
  resetSort: SortChoice;
  onApply: (filter: ListFilter) => void;
  onClose: () => void;
}

export function FilterDialog(props: FilterDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="filter-dialog-title"
    >
      {/* Dialog unmounts its content when closed, so each opening starts from what the list shows. */}
      <FilterForm {...props} />
    </Dialog>
  );
}

function FilterForm({ value, sortOptions, resetSort, onApply, onClose }: FilterDialogProps) {
  const [genre, setGenre] = useState<string>(value.genre ?? ALL_GENRES);
  const [orderBy, setOrderBy] = useState(value.sort.order_by);
  const [direction, setDirection] = useState<OrderDirection>(value.sort.order_direction);

  const clear = () => {
    setGenre(ALL_GENRES);
    setOrderBy(resetSort.order_by);
    setDirection(resetSort.order_direction);
    onApply({ genre: null, sort: { ...resetSort } });
  };

  return (
    <>
      <DialogTitle id="filter-dialog-title">Filter and sort</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField select label="Genre" value={genre} onChange={(e) => setGenre(e.target.value)} fullWidth>
            <MenuItem value={ALL_GENRES}>All</MenuItem>
            {GENRES.map((g) => (
              <MenuItem key={g} value={g}>
                {g}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Sort by"
            value={orderBy}
            onChange={(e) => setOrderBy(e.target.value)}
            fullWidth
          >
            {sortOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Direction"
            value={direction}
            onChange={(e) => setDirection(e.target.value as OrderDirection)}
            fullWidth
          >
            <MenuItem value="asc">Ascending</MenuItem>
            <MenuItem value="desc">Descending</MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={clear} color="inherit">
          Clear
        </Button>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() =>
            onApply({
              genre: genre === ALL_GENRES ? null : genre,
              sort: { order_by: orderBy, order_direction: direction },
            })
          }
        >
          Apply
        </Button>
      </DialogActions>
    </>
  );
}
