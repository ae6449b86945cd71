import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type DetailTab, DetailTabs } from './detail-tabs';

const tabs: DetailTab[] = [
  { key: 'tracks', label: 'Tracks', count: 1234, render: () => <p>the tracks</p> },
  { key: 'remixes', label: 'Remixes', count: 0, render: () => <p>the remixes</p> },
  { key: 'ids', label: 'IDs', count: 2, render: () => <p>the IDs</p> },
  { key: 'comments', label: 'Comments', render: () => <p>the comments</p> },
];

describe('Detail tabs', () => {
  it('lists the tabs with something in them, with their counts, and shows the first one’s panel', () => {
    render(<DetailTabs tabs={tabs} label="Artist sections" />);
    const list = screen.getByRole('tablist', { name: 'Artist sections' });
    const names = within(list)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual(['Tracks 1,234', 'IDs 2', 'Comments']);
    within(list).getByRole('tab', { name: 'Tracks 1,234', selected: true });
    expect(screen.getByRole('tabpanel', { name: 'Tracks 1,234' }).textContent).toBe('the tracks');
    expect(screen.queryByText('the IDs')).toBeNull();
  });

  it('opens a tab on click, and only its panel renders', async () => {
    const user = userEvent.setup();
    render(<DetailTabs tabs={tabs} label="Artist sections" />);
    await user.click(screen.getByRole('tab', { name: 'IDs 2' }));
    expect(screen.getByRole('tab', { name: 'IDs 2' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Tracks 1,234' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'IDs 2' }).textContent).toBe('the IDs');
    expect(screen.queryByText('the tracks')).toBeNull();
  });

  it('is one stop in the tab order; the arrow keys, Home and End move along it, Enter opens a tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <DetailTabs tabs={tabs} label="Artist sections" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tracks 1,234' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'IDs 2' }));
    // Moving the focus does not open the tab.
    expect(screen.getByRole('tabpanel').textContent).toBe('the tracks');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tracks 1,234' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Comments' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tracks 1,234' }));
    await user.keyboard('{End}{Enter}');
    expect(screen.getByRole('tabpanel', { name: 'Comments' }).textContent).toBe('the comments');
    // The opened tab is now the list's one stop: leaving and coming back lands on it.
    await user.tab();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Comments' }));
  });
});
