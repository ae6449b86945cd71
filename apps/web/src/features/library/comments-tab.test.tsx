import type { Post } from '@cratedig/contract/comment';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { CommentsPanel, EMPTY_COMMENTS, pinHint } from './comments-tab';

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 1,
    text: 'That drop at the hour mark!',
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    edited_dt: null,
    set_timestamp: 3725,
    set_meta_id: 3,
    track_meta_id: null,
    author: { id: 7, username: 'crate_digger', avatar_url: null },
    ...overrides,
  };
}

const list = (posts: Post[]): FakeResponse => ({
  body: { data: posts, pagination: { offset: 0, count: posts.length, total: posts.length } },
});

function renderPanel(
  handler: (r: FakeRequest) => FakeResponse | undefined,
  kind: 'set' | 'track' = 'set',
  onPlayAt?: (seconds: number) => void,
) {
  return renderWithProviders(
    <CommentsPanel kind={kind} id={3} setTimestamp={() => 754} onPlayAt={onPlayAt} />,
    { api: handler, session: makeUser({ id: 7, username: 'crate_digger' }) },
  );
}

describe('Comments tab (docs/library.md Comments)', () => {
  it('shows the empty texts for a set and for a track, each inviting a comment in the box above', async () => {
    const set = renderPanel(() => list([]));
    await screen.findByText(EMPTY_COMMENTS.title);
    screen.getByText('Why not be the first to share your thoughts on this set?');
    set.unmount();
    renderPanel(() => list([]), 'track');
    await screen.findByText("It's pretty quiet here!");
    // the track's box is right above: the text invites a comment here, on the track
    screen.getByText('Why not be the first to share your thoughts on this track?');
    screen.getByRole('textbox');
    expect(screen.queryByText(/it's set/)).toBeNull();
  });

  it('keeps Post disabled for empty or whitespace text and while a send is in flight', async () => {
    let posts: Post[] = [];
    const { user, requests } = renderPanel((r) => {
      if (r.method === 'GET') return list(posts);
      if (r.method === 'POST' && r.path === '/posts') {
        posts = [post({ id: 9, text: 'first!', set_timestamp: 754 })];
        return { status: 201, body: posts[0], delayMs: 150 };
      }
      return undefined;
    });
    await screen.findByText(EMPTY_COMMENTS.title);
    const send = screen.getByRole('button', { name: 'Post' });
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(box, '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.type(box, 'first!');
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    expect(send).toHaveProperty('disabled', true); // in flight
    // the keyboard shortcut cannot send a second copy either
    await user.type(box, '{Control>}{Enter}{/Control}');
    await screen.findByText('first!');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const sent = requests.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(1);
    // the text as typed, the set it is about and the player position at the moment of sending
    expect(sent[0]?.body).toEqual({ text: '   first!', set_meta_id: 3, set_timestamp: 754 });
  });

  it('shows the edit/delete menu only on the author’s own comments; markup stays text', async () => {
    renderPanel(() =>
      list([
        post({ id: 1 }),
        post({
          id: 2,
          text: '<script>alert(1)</script>',
          set_timestamp: 0,
          author: { id: 8, username: 'other', avatar_url: null },
        }),
      ]),
    );
    const mine = await screen.findByRole('listitem', { name: 'Comment by crate_digger' });
    const theirs = screen.getByRole('listitem', { name: 'Comment by other' });
    within(mine).getByRole('button', { name: 'Comment actions' });
    expect(within(theirs).queryByRole('button', { name: 'Comment actions' })).toBeNull();
    within(theirs).getByText('<script>alert(1)</script>');
    // where in the set it was written, only when above 0
    within(mine).getByText('at 1:02:05');
    expect(within(theirs).queryByText(/^at \d/)).toBeNull();
    within(mine).getByText('5 minutes ago');
  });

  it('edits inline (Update blocked when empty) and deletes after confirmation', async () => {
    let current = [post({ id: 1 })];
    const { user, requests } = renderPanel((r) => {
      if (r.method === 'GET') return list(current);
      if (r.method === 'PUT' && r.path === '/posts/1') {
        const body = r.body as { text: string };
        current = [post({ id: 1, text: body.text })];
        return { body: current[0] };
      }
      if (r.method === 'DELETE' && r.path === '/posts/1') {
        current = [];
        return { status: 204 };
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Comment actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    const update = screen.getByRole('button', { name: 'Update' });
    await user.clear(box);
    expect(update).toHaveProperty('disabled', true);
    await user.type(box, ' \n ');
    expect(update).toHaveProperty('disabled', true);
    await user.type(box, 'Edited: the second drop');
    await user.click(update);
    await screen.findByText(/Edited: the second drop/);
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      set_timestamp: 3725,
      set_meta_id: 3,
    });

    await user.click(screen.getByRole('button', { name: 'Comment actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(EMPTY_COMMENTS.title);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('says before posting where a set comment will be pinned', async () => {
    renderWithProviders(
      <CommentsPanel kind="set" id={3} setTimestamp={() => 754} pinHint={pinHint(754.6)} />,
      { api: () => list([]), session: makeUser({ id: 7, username: 'crate_digger' }) },
    );
    await screen.findByText('Pinned at 12:34, where the set is playing');
    expect(pinHint(0)).toBe('Play the set to pin your comment to the moment you are hearing');
  });

  it('marks an edited comment, and folds a long one behind Show more', async () => {
    const long = `${'A long story about the closing track. '.repeat(52)}The end.`.slice(0, 2000);
    const { user } = renderPanel(() =>
      list([
        post({ id: 1, text: 'Fixed a typo', edited_dt: new Date().toISOString() }),
        post({ id: 2, text: long }),
        post({ id: 3, text: 'Never changed' }),
      ]),
    );
    const items = await screen.findAllByRole('listitem', { name: 'Comment by crate_digger' });
    within(items[0] as HTMLElement).getByText('· edited');
    expect(within(items[2] as HTMLElement).queryByText('· edited')).toBeNull();
    const folded = items[1] as HTMLElement;
    expect(folded.textContent).not.toContain('The end.');
    expect(folded.textContent?.length).toBeLessThan(700);
    await user.click(within(folded).getByRole('button', { name: 'Show more' }));
    expect(folded.textContent).toContain(long);
    await user.click(within(folded).getByRole('button', { name: 'Show less' }));
    expect(folded.textContent).not.toContain('The end.');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("a set comment's 'at 1:02:05' plays the set from there; a track comment's position is only text", async () => {
    const played: number[] = [];
    const set = renderPanel(
      () => list([post({ id: 1, set_timestamp: 3725 })]),
      'set',
      (t) => played.push(t),
    );
    await set.user.click(await screen.findByRole('button', { name: 'at 1:02:05' }));
    expect(played).toEqual([3725]);
    set.unmount();
    renderPanel(() => list([post({ id: 1, set_timestamp: 3725 })]), 'track');
    await screen.findByText('at 1:02:05');
    expect(screen.queryByRole('button', { name: 'at 1:02:05' })).toBeNull();
  });

  it("orders a set's comments newest first or in set order; a track's comments have no order toggle", async () => {
    const early = post({ id: 1, text: 'the intro', set_timestamp: 60 });
    const late = post({ id: 2, text: 'the closer', set_timestamp: 4000 });
    const set = renderPanel((r) =>
      r.query.get('order_by') === 'post.set_timestamp' ? list([early, late]) : list([late, early]),
    );
    const texts = () =>
      within(screen.getByRole('list', { name: 'Comments' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
    await screen.findByText('the closer');
    expect(texts()[0]).toContain('the closer');
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveProperty('ariaPressed', 'true');
    await set.user.click(screen.getByRole('button', { name: 'In set order' }));
    await waitFor(() => expect(texts()[0]).toContain('the intro'));
    const asked = set.requests
      .filter((r) => r.method === 'GET')
      .map((r) => [r.query.get('order_by'), r.query.get('order_direction')]);
    expect(asked).toEqual([
      ['post.created_dt', 'desc'],
      ['post.set_timestamp', 'asc'],
    ]);
    set.unmount();
    renderPanel(() => list([early]), 'track');
    await screen.findByText('the intro');
    expect(screen.queryByRole('group', { name: 'Order of the comments' })).toBeNull();
  });
});
