import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useWaitingParams } from './waiting-ids-params';

function inRouter(initial: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
}

// A chip, then the switch, used before the list renders again: both reach the URL.
describe('the waiting IDs list state in the URL', () => {
  it('keeps the waiting IDs filter when the watched-only switch follows before a render', () => {
    const { result } = renderHook(() => ({ params: useWaitingParams(), location: useLocation() }), {
      wrapper: inRouter('/ids'),
    });
    act(() => {
      const { params } = result.current;
      params.setState('unidentified');
      params.setFollowed(true);
    });
    expect(result.current.location.search).toBe('?state=unidentified&followed=true');
    expect(result.current.params.state).toBe('unidentified');
    expect(result.current.params.followed).toBe(true);
  });
});
