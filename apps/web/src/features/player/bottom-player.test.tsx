import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeQueue } from '../../test/factories';
import { renderWithPlayer } from '../../test/render';
import { BottomPlayer } from './bottom-player';
import { hoverLabelLeft } from './seek-bar';

describe('the bottom player', () => {
  it('with nothing loaded says so, and Play starts the queue', async () => {
    const { user, store } = renderWithPlayer(<BottomPlayer />, { queue: makeQueue([2, 3]) });
    screen.getByText('Nothing playing');
    await act(() => store.loadQueue());
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await vi.waitFor(() => expect(store.getState().set?.id).toBe(2));
    screen.getByRole('button', { name: 'Pause' });
  });

  it('shows the current track and set as links, and elapsed / total time', async () => {
    const { store } = renderWithPlayer(<BottomPlayer />);
    await act(() => store.play(1, 310));
    const track = screen.getByRole('link', { name: 'Current track: Artist 102 — Track 102' });
    expect(track.getAttribute('href')).toBe('/tracks/102');
    expect(screen.getByRole('link', { name: 'Playing set: Set 1' }).getAttribute('href')).toBe('/sets/1');
    expect(screen.getByTestId('elapsed-time').textContent).toBe('0:05:10');
    expect(screen.getByTestId('total-time').textContent).toBe('0:15:00');
    expect(screen.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe(
      '0:05:10 of 0:15:00',
    );
  });

  it('play/pause, next and previous drive the audio', async () => {
    const { user, store, audio } = renderWithPlayer(<BottomPlayer />);
    await act(() => store.play(1, 10));
    await user.click(screen.getByRole('button', { name: 'Next track' }));
    expect(audio.currentTime).toBe(300);
    screen.getByRole('link', { name: /Current track: Artist 102/ });
    await user.click(screen.getByRole('button', { name: 'Previous track' }));
    expect(audio.currentTime).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio.paused).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);
  });

  it('the like button likes the moment and says which track was saved', async () => {
    const { user, store, backend } = renderWithPlayer(<BottomPlayer />);
    await act(() => store.play(1, 700));
    await user.click(screen.getByRole('button', { name: 'Like this moment' }));
    await screen.findByText('Track 103 has been saved to your likes!');
    expect(backend.callsOf('likeMoment')).toEqual([[{ set_meta_id: 1, set_timestamp: 700 }]]);
  });

  it('keyboard shortcuts: Space toggles, arrows seek, J/K step tracks, ? shows the help; typing is ignored', async () => {
    const { user, store, audio } = renderWithPlayer(
      <>
        <input aria-label="Search" />
        <BottomPlayer />
      </>,
    );
    await act(() => store.play(1, 100));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(105);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', shiftKey: true });
    expect(audio.currentTime).toBe(75);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(audio.currentTime).toBe(300);
    fireEvent.keyDown(document.body, { key: 'P', shiftKey: true });
    expect(audio.currentTime).toBe(0);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(audio.paused).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'j ');
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(0);
    fireEvent.keyDown(document.body, { key: '?' });
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  });

  it('the seek bar seeks, and the queue button opens the queue', async () => {
    const { user, store, audio } = renderWithPlayer(<BottomPlayer />, { queue: makeQueue([1, 2]) });
    await act(() => store.loadQueue());
    await act(() => store.play(1, 0));
    const seek = screen.getByRole('slider', { name: 'Seek' });
    seek.focus();
    await user.keyboard('[End]');
    expect(audio.currentTime).toBe(900);
    await user.click(screen.getByRole('button', { name: /^Queue/ }));
    await screen.findByRole('heading', { name: 'Queue' });
  });

  it('three steps down on the volume slider land on 0.7, not on a rounding error', async () => {
    const { user, store, audio } = renderWithPlayer(<BottomPlayer />);
    await act(() => store.play(1, 0));
    const volume = screen.getByRole('slider', { name: 'Volume' });
    volume.focus();
    await user.keyboard('[ArrowLeft][ArrowLeft][ArrowLeft]');
    expect(volume.getAttribute('aria-valuenow')).toBe('0.7');
    expect(audio.volume).toBe(0.7);
  });

  it('keeps like and previous on phones; share and the queue sit in the More player actions menu', async () => {
    const { user, store } = renderWithPlayer(<BottomPlayer />, { queue: makeQueue([1, 2]) });
    await act(() => store.play(1, 0));
    screen.getByRole('button', { name: 'Like this moment' });
    screen.getByRole('button', { name: 'Previous track' });
    await user.click(screen.getByRole('button', { name: 'More player actions' }));
    await screen.findByRole('menuitem', { name: 'Share this set' });
    await user.click(await screen.findByRole('menuitem', { name: 'Queue (2)' }));
    await screen.findByRole('heading', { name: 'Queue' });
  });

  it("the tab's title names the playing track while a set plays, and the page's title comes back", async () => {
    document.title = 'Sets · Cratedig';
    const { user, store } = renderWithPlayer(<BottomPlayer />);
    await act(() => store.play(1, 310));
    expect(document.title).toBe('▶ Artist 102 – Track 102 · Set 1');
    // A page shown meanwhile sets its own title: it is kept for later, the playing title stays.
    act(() => {
      document.title = 'Labels · Cratedig';
    });
    await vi.waitFor(() => expect(document.title).toBe('▶ Artist 102 – Track 102 · Set 1'));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(document.title).toBe('Labels · Cratedig');
  });

  it("the seek bar's hover label stays inside the bar, centred on the pointer where it can be", () => {
    expect(hoverLabelLeft(300, 600, 100)).toBe(250);
    expect(hoverLabelLeft(10, 600, 100)).toBe(0);
    expect(hoverLabelLeft(595, 600, 100)).toBe(500);
    expect(hoverLabelLeft(50, 80, 120)).toBe(0);
  });
});
