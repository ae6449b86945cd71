import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './list-params';

// Two controls used before the list renders again (a chip, then a switch, in one go) must both
// reach the URL: the second change starts from the first, not from the last render's query.
function inRouter(initial: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
}

describe('the list state in the URL', () => {
  it('a column clicked twice before a render sorts one way, then the other', () => {
    const { result } = renderHook(() => ({ params: useListParams('artists'), location: useLocation() }), {
      wrapper: inRouter('/artists?genre=Afro+House'),
    });
    act(() => {
      const { params } = result.current;
      params.toggleSort('artist_meta.name');
      params.toggleSort('artist_meta.name');
    });
    expect(result.current.params.sort).toEqual({ order_by: 'artist_meta.name', order_direction: 'desc' });
    expect(result.current.params.genre).toBe('Afro House');
  });

  it('a navigation from elsewhere is where the next change starts', () => {
    const { result } = renderHook(() => ({ params: useListParams('sets'), location: useLocation() }), {
      wrapper: inRouter('/sets?followed=true'),
    });
    act(() => result.current.params.setFollowed(false));
    expect(result.current.location.search).toBe('');
    act(() => result.current.params.setFollowed(true));
    expect(result.current.location.search).toBe('?followed=true');
  });
});
