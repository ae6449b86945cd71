// The key that jumps to a set's most liked moment on its page, shared so the shortcuts help can list
// it beside the player's keys.
export const JUMP_TO_PEAK_KEY = 'm';
export const JUMP_TO_PEAK_SHORTCUT = {
  keys: ['M'],
  action: 'Jump to the most liked moment (set page)',
} as const;

/** A key press the page may take: not while typing, not with a modifier, not inside a dialog. */
export function isFreeKeyPress(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || target.closest('input, textarea, select')) return false;
  return target.closest('[role="dialog"], [role="presentation"]') === null;
}
