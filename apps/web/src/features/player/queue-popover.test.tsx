import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueue } from '../../test/factories';
import { renderWithPlayer } from '../../test/render';
import { expectShown } from '../../test/shown';
import { QueuePopover } from './queue-popover';

// jsdom lays nothing out: give each queue row its own 56 px band so dnd-kit's keyboard sensor can
// find the row below, as it does in a browser.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = index * 56;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 320,
      height: 56,
      right: 320,
      bottom: top + 56,
      toJSON: () => ({}),
    };
  });
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.restoreAllMocks());

async function openQueue(queue = makeQueue([1, 2, 3], 2)) {
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  const onClose = vi.fn();
  const view = renderWithPlayer(<QueuePopover anchor={anchor} onClose={onClose} />, { queue });
  await act(() => view.store.loadQueue());
  // The query cache tells its readers on the next tick.
  await screen.findByRole('list', { name: 'Queued sets' });
  return { ...view, onClose };
}

/** What dnd-kit's live region said last. */
const announced = () =>
  Array.from(document.querySelectorAll('[aria-live]'))
    .map((region) => region.textContent ?? '')
    .join(' ');

const names = () =>
  within(screen.getByRole('list', { name: 'Queued sets' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));

describe('the queue popover', () => {
  it("is titled 'Queue', lists the sets in order and marks those before the current one as played", async () => {
    const { onClose, user } = await openQueue();
    screen.getByRole('heading', { name: 'Queue' });
    expect(names()).toEqual(['Set 1 (played)', 'Set 2 (current)', 'Set 3']);
    screen.getByText('DJ 1 · Played');
    await user.click(screen.getByRole('button', { name: 'Close queue' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reorders with the keyboard and saves the new order (PUT /queue)', async () => {
    const { user, backend } = await openQueue(makeQueue([1, 2, 3]));
    screen.getByRole('button', { name: 'Reorder Set 1' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await vi.waitFor(() =>
      expect(backend.callsOf('updateQueueItem')).toEqual([
        [{ id: 1001, user_id: 7, set_meta_id: 1, order: 3, is_current: false }],
      ]),
    );
    expect(names()).toEqual(['Set 2', 'Set 3', 'Set 1']);
  });

  it('a set not played yet moved above the current one with the keyboard plays next, never shows Played', async () => {
    const { user, backend } = await openQueue(makeQueue([1, 2, 3, 4], 2));
    screen.getByRole('button', { name: 'Reorder Set 4' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await vi.waitFor(() =>
      expect(backend.callsOf('updateQueueItem')).toEqual([
        [{ id: 1004, user_id: 7, set_meta_id: 4, order: 3, is_current: false }],
      ]),
    );
    await vi.waitFor(() => expect(names()).toEqual(['Set 1 (played)', 'Set 2 (current)', 'Set 4', 'Set 3']));
    expect(screen.getAllByText(/· Played$/)).toHaveLength(1);
    // Said, not silent: the names, the position it landed on, and why it is not the one asked for.
    expectShown(
      screen.getByText(
        'Sets play from top to bottom: those above the playing set have been played, those below play next, in order. Drag a set to change its turn; dropped above the playing set, it plays right after it.',
      ),
    );
    await vi.waitFor(() =>
      expect(announced()).toContain(
        'Set 4 moved to position 3 of 4. Only sets already played sit above the playing one, so a set moved there plays next.',
      ),
    );
    expect(announced()).not.toMatch(/Draggable item|droppable area/);
  });

  it('a move up to the set that already plays next is announced, not ignored', async () => {
    const { user, backend } = await openQueue(makeQueue([1, 2, 3], 1));
    screen.getByRole('button', { name: 'Reorder Set 2' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await vi.waitFor(() =>
      expect(announced()).toContain(
        'Set 2 stays at position 2 of 3: Only sets already played sit above the playing one, so a set moved there plays next.',
      ),
    );
    expect(backend.callsOf('updateQueueItem')).toEqual([]);
  });

  it('playing a later item from the queue marks only what played before it', async () => {
    const { user } = await openQueue(makeQueue([1, 2, 3], 1));
    await user.click(screen.getByRole('button', { name: /^Play Set 3/ }));
    await vi.waitFor(() => expect(names()).toEqual(['Set 1 (played)', 'Set 3 (current)', 'Set 2']));
  });

  it('removes one item and clears the whole queue', async () => {
    const { user, backend } = await openQueue(makeQueue([1, 2, 3]));
    await user.click(screen.getByRole('button', { name: 'Remove Set 2 from the queue' }));
    await vi.waitFor(() => expect(names()).toEqual(['Set 1', 'Set 3']));
    expect(backend.callsOf('removeQueueItem')).toEqual([[1002]]);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expectShown(screen.getByText(/Your queue is empty/)));
    expect(backend.callsOf('clearQueue')).toHaveLength(1);
  });

  it('plays a set when its row is chosen', async () => {
    const { user, store } = await openQueue(makeQueue([1, 2, 3]));
    await user.click(screen.getByRole('button', { name: /^Play Set 3/ }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(3));
    expect(store.getState().playing).toBe(true);
  });

  it('says nothing about an empty queue while the queue is still loading', async () => {
    const anchor = document.createElement('button');
    document.body.appendChild(anchor);
    renderWithPlayer(<QueuePopover anchor={anchor} onClose={vi.fn()} />, { queue: makeQueue([1, 2]) });
    screen.getByRole('heading', { name: 'Queue' });
    expect(screen.queryByText(/Your queue is empty/)).toBeNull();
    const list = await screen.findByRole('list', { name: 'Queued sets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/Your queue is empty/)).toBeNull();
  });
});
