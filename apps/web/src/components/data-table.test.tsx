import { DEFAULT_SORTS, type SortChoice } from '@cratedig/contract/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nextSort } from '../lib/sort-state';
import { type Column, DataTable } from './data-table';

interface Row {
  id: number;
  name: string;
  sets: number;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'artist_meta.name', render: (r) => r.name },
  { key: 'sets', header: 'Sets', sortField: 'artist_meta.set_count', render: (r) => r.sets },
];

function SortableTable() {
  const [sort, setSort] = useState<SortChoice>(DEFAULT_SORTS.artists);
  return (
    <MemoryRouter>
      <DataTable
        label="Artists"
        columns={columns}
        rows={[{ id: 1, name: 'Ada', sets: 3 }]}
        sort={sort}
        onSort={(field) => setSort((current) => nextSort(current, field))}
      />
    </MemoryRouter>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('column sorting', () => {
  it('sorts a new column ascending first, then toggles it on each click', async () => {
    const user = userEvent.setup();
    render(<SortableTable />);
    // default: set_count descending
    expect(header('Sets').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Sets').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    // back to the column that was sorted descending: a fresh click on another column starts ascending
    await user.click(screen.getByRole('button', { name: 'Sets' }));
    expect(header('Sets').getAttribute('aria-sort')).toBe('ascending');
  });
});
