// Keyboard shortcuts, listed in the help dialog. Ignored while the person
// types in a field, and left to the focused control when it handles the key itself.
import { useEffect } from 'react';
import { usePlayer } from './player-context';
import { isTypingTarget } from './player-rules';

export const SEEK_SMALL_S = 5;
export const SEEK_LARGE_S = 30;

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Space'], action: 'Play / pause' },
  { keys: ['←', '→'], action: `Seek back / forward ${SEEK_SMALL_S} s` },
  { keys: ['Shift', '← / →'], action: `Seek back / forward ${SEEK_LARGE_S} s` },
  { keys: ['Shift', 'N'], action: 'Next track in the set' },
  { keys: ['Shift', 'P'], action: 'Previous track in the set' },
  { keys: ['J', 'K'], action: 'Next / previous track in the set' },
  { keys: ['?'], action: 'Show these shortcuts' },
];

/** Elements that already use Space or the arrows themselves (buttons, links, sliders, menus, tabs). */
function handlesKeysItself(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.closest(
      'button, a, [role="slider"], [role="tab"], [role="menuitem"], [role="option"], [role="button"]',
    ) !== null
  );
}

export function usePlayerShortcuts(onHelp: () => void) {
  const player = usePlayer();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // A dialog (the queue, a form) owns the keyboard while it is open.
      if (
        event.target instanceof HTMLElement &&
        event.target.closest('[role="dialog"], [role="presentation"]')
      )
        return;
      const has = player.getState().set !== null;
      let handled = true;
      switch (event.key) {
        case ' ':
          if (handlesKeysItself(event.target)) return;
          void player.toggle();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          if (!has || handlesKeysItself(event.target)) return;
          player.seekBy(
            (event.key === 'ArrowLeft' ? -1 : 1) * (event.shiftKey ? SEEK_LARGE_S : SEEK_SMALL_S),
          );
          break;
        case 'N':
        case 'j':
          player.step('next');
          break;
        case 'P':
        case 'k':
          player.step('previous');
          break;
        case '?':
          onHelp();
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player, onHelp]);
}
