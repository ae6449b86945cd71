import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextOffset } from '../lib/paged-query';
import { LoadMore } from './load-more';

const show = (
  pagination: { offset: number; count: number; total: number; total_capped?: true },
  shown: number,
) => render(<LoadMore pagination={pagination} shown={shown} loading={false} onLoadMore={() => {}} />);

describe('Load more', () => {
  it('shows the exact total and hides once everything is shown', () => {
    show({ offset: 20, count: 17, total: 37 }, 37);
    screen.getByText('Showing 37 of 37');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(nextOffset({ data: [], pagination: { offset: 20, count: 17, total: 37 } })).toBeUndefined();
  });

  it('reads a capped search total as "10,000+" and keeps offering more past it', () => {
    const pagination = { offset: 9_980, count: 20, total: 10_000, total_capped: true as const };
    show(pagination, 10_000);
    screen.getByText('Showing 10,000 of 10,000+');
    screen.getByRole('button', { name: 'Load more' });
    expect(nextOffset({ data: [], pagination })).toBe(10_000);
    // An empty page past the cap ends the list.
    expect(nextOffset({ data: [], pagination: { ...pagination, offset: 10_050, count: 0 } })).toBeUndefined();
  });
});
