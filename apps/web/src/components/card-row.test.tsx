import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asDesktop } from '../test/media-query';
import { CardRow, FIRST_CARDS } from './card-row';

// jsdom lays nothing out: each test says how wide the row's scroll box and its content are.
function layout({ content, box }: { content: number; box: number }) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? content : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? box : 0;
  });
}
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => `Card ${i + 1}`).map((name) => <li key={name}>{name}</li>);

describe('a row of cards', () => {
  it('shows no scroll arrows when its cards fit (one card in Continue listening)', () => {
    layout({ content: 300, box: 1200 });
    render(
      <CardRow title="Continue listening" loading={false}>
        {cards(1)}
      </CardRow>,
    );
    expect(screen.queryByRole('button', { name: /Scroll Continue listening/ })).toBeNull();
  });

  it('offers forward at the start, then back once scrolled, and nothing past the end', async () => {
    asDesktop();
    layout({ content: 2400, box: 1200 });
    render(
      <CardRow title="Featured Sets" loading={false}>
        {cards(8)}
      </CardRow>,
    );
    const back = await screen.findByRole('button', { name: 'Scroll Featured Sets back' });
    const forward = screen.getByRole('button', { name: 'Scroll Featured Sets forward' });
    expect(back).toHaveProperty('disabled', true);
    expect(forward).toHaveProperty('disabled', false);

    const list = screen.getByRole('list');
    act(() => {
      list.scrollLeft = 1200;
      list.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(back).toHaveProperty('disabled', false));
    expect(forward).toHaveProperty('disabled', true);
  });

  it('draws the cards a screen shows at once, and the rest of the row right after', async () => {
    layout({ content: 3600, box: 390 });
    render(
      <CardRow title="Featured Sets" loading={false}>
        {cards(12)}
      </CardRow>,
    );
    const list = screen.getByRole('list');
    expect(list.children).toHaveLength(FIRST_CARDS);
    expect(FIRST_CARDS).toBeLessThan(12);
    await waitFor(() => expect(list.children).toHaveLength(12));
    expect(list.lastElementChild?.textContent).toBe('Card 12');
  });

  it('while loading holds only list items, so the busy list is still a valid list', () => {
    layout({ content: 300, box: 1200 });
    render(
      <CardRow title="Featured Sets" loading>
        {[]}
      </CardRow>,
    );
    const list = screen.getByRole('list');
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.children.length).toBeGreaterThan(0);
    expect([...list.children].map((child) => child.tagName)).toEqual([...list.children].map(() => 'LI'));
  });
});
