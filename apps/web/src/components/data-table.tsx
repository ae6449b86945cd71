import type { SortChoice } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { visuallyHidden } from './visually-hidden';

export interface Column<T> {
  key: string;
  header: string;
  /** What a screen reader says for a header that is a sign ('#') or blank (the actions): the header is then shown only. */
  headerLabel?: string;
  /** The prefixed order_by of docs/catalogue.md this column sorts by; absent: not sortable. */
  sortField?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden below this breakpoint to keep tables calm on medium screens. */
  hideBelow?: 'lg' | 'xl';
}

/**
 * A dense catalogue table. Sortable headers follow docs/web-app.md (first click ascending, the same column
 * again toggles) through `onSort`; the row opens `rowLink`, and the row's main cell holds a real link
 * so the keyboard path is Tab → Enter.
 */
export function DataTable<T extends { id: number }>({
  label,
  columns,
  rows,
  sort,
  onSort,
  rowLink,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  sort?: SortChoice;
  onSort?: (orderBy: string) => void;
  rowLink?: (row: T) => string;
}) {
  const navigate = useNavigate();
  const hide = (column: Column<T>) =>
    column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : undefined;
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ '& td, & th': { py: 1, px: 1.5 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = !!column.sortField && sort?.order_by === column.sortField;
              const direction = active ? sort?.order_direction : undefined;
              return (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ width: column.width, whiteSpace: 'nowrap', ...hide(column) }}
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                >
                  {column.sortField && onSort ? (
                    <TableSortLabel
                      active={active}
                      direction={direction ?? 'asc'}
                      onClick={() => column.sortField && onSort(column.sortField)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : column.headerLabel ? (
                    <>
                      <span aria-hidden="true">{column.header}</span>
                      <Box component="span" sx={visuallyHidden}>
                        {column.headerLabel}
                      </Box>
                    </>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              onClick={(event) => {
                // Links inside the row (artist, label, genre) keep their own target.
                if (!rowLink || (event.target as HTMLElement).closest('a, button')) return;
                navigate(rowLink(row));
              }}
              sx={{ cursor: rowLink ? 'pointer' : undefined }}
            >
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={hide(column)}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
