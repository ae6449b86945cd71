import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bio } from './bio';

/** jsdom lays nothing out: give every element the heights a browser would measure. */
function layOut(scrollHeight: number, clientHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}

afterEach(() => vi.restoreAllMocks());

describe('Bio', () => {
  it('offers Read more only when the three-line fold cuts the text, and folds it again', async () => {
    layOut(240, 81);
    render(<Bio text={'A long story. '.repeat(40)} />);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(less);
    screen.getByRole('button', { name: 'Read more' });
  });

  it('shows no Read more when the whole bio fits, however many characters it has', () => {
    layOut(81, 81);
    render(<Bio text={'Techno from Berlin, mostly after midnight. '.repeat(8)} />);
    screen.getByText(/Techno from Berlin/);
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });
});
