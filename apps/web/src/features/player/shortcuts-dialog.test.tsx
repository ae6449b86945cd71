import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShortcutsDialog } from './shortcuts-dialog';

describe('the keyboard shortcuts help', () => {
  it("lists the player's keys and M, the set page's jump to its most liked moment", () => {
    render(<ShortcutsDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Play / pause');
    expect(dialog.textContent).toContain('MJump to the most liked moment (set page)');
  });
});
