import { FILTER_RESET_SORTS, SORTS } from '@cratedig/contract/constants';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SORT_OPTIONS } from './entity-columns';
import { FilterDialog, type ListFilter } from './filter-dialog';

function open(value: ListFilter, list: 'artists' | 'sets' = 'artists') {
  const onApply = vi.fn<(filter: ListFilter) => void>();
  render(
    <FilterDialog
      open
      value={value}
      sortOptions={SORT_OPTIONS[list]}
      resetSort={FILTER_RESET_SORTS[list]}
      onApply={onApply}
      onClose={() => undefined}
    />,
  );
  return { onApply, user: userEvent.setup() };
}

describe('FilterDialog', () => {
  it('shows the current genre and sort, and Clear resets to All and the list reset sort', async () => {
    const { onApply, user } = open({
      genre: 'Techno',
      sort: { order_by: SORTS.artists.name, order_direction: 'asc' },
    });
    const dialog = screen.getByRole('dialog', { name: 'Filter and sort' });
    expect(within(dialog).getByRole('combobox', { name: 'Genre' }).textContent).toBe('Techno');
    expect(within(dialog).getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Name');

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    // docs/catalogue.md: artists reset to latest_track_date descending, genre back to 'All'.
    expect(onApply).toHaveBeenCalledWith({
      genre: null,
      sort: { order_by: 'artist_meta.latest_track_date', order_direction: 'desc' },
    });
    expect(within(dialog).getByRole('combobox', { name: 'Genre' }).textContent).toBe('All');
    expect(within(dialog).getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Latest track');
  });

  it('applies a chosen genre and sort', async () => {
    const { onApply, user } = open(
      { genre: null, sort: { order_by: SORTS.sets.release_date, order_direction: 'desc' } },
      'sets',
    );
    await user.click(screen.getByRole('combobox', { name: 'Genre' }));
    await user.click(screen.getByRole('option', { name: 'Deep House' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Title' }));
    await user.click(screen.getByRole('combobox', { name: 'Direction' }));
    await user.click(screen.getByRole('option', { name: 'Ascending' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      genre: 'Deep House',
      sort: { order_by: 'set_meta.set_name', order_direction: 'asc' },
    });
  });
});
