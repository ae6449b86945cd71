import type { OrderDirection, SortChoice } from '@cratedig/contract/constants';

/**
 * docs/web-app.md: clicking a column sorts by it ascending; clicking the column already sorted toggles the
 * direction.
 */
export function nextSort(current: SortChoice, orderBy: string): SortChoice {
  if (current.order_by !== orderBy) return { order_by: orderBy, order_direction: 'asc' };
  const flipped: OrderDirection = current.order_direction === 'asc' ? 'desc' : 'asc';
  return { order_by: orderBy, order_direction: flipped };
}
