// Play and Add-to-queue on every set card and set table row. Shared cards cannot reach the player (a
// feature), so the signed-in layout provides what to draw here; outside it (public pages, tests of
// the bare cards) cards and rows show no controls.
import type { SetMeta } from '@cratedig/contract/set';
import { createContext, type ReactNode, useContext } from 'react';

export type SetActionsPlace = 'card' | 'row';
export type RenderSetActions = (set: SetMeta, place: SetActionsPlace) => ReactNode;

const SetActionsContext = createContext<RenderSetActions | null>(null);

export function SetActionsProvider({ render, children }: { render: RenderSetActions; children: ReactNode }) {
  return <SetActionsContext.Provider value={render}>{children}</SetActionsContext.Provider>;
}

/** The provided controls for `set`, or nothing. */
export function SetActions({ set, place }: { set: SetMeta; place: SetActionsPlace }) {
  const render = useContext(SetActionsContext);
  return render ? render(set, place) : null;
}
