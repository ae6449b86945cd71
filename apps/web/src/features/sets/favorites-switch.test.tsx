import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { renderApp } from '../../test/render';

// The page's chunk is compiled on its first import: done here, so the test's waits are about the page.
beforeAll(() => import('./sets-page'), 60_000);

const emptyList = { body: { data: [], pagination: { offset: 0, count: 0, total: 0 } } };

// One spelling across the app, the spec's: 'Set added to favorites!' is what the toggle says.
describe.each([
  ['/sets', 'No favorite sets yet', 'Sets you favorite show up here.'],
  ['/tracks', 'No favorite tracks yet', 'Tracks you favorite show up here.'],
])('the followed-only switch of %s', (path, emptyTitle, emptyLine) => {
  it('speaks of favorites as the toggles do', async () => {
    const app = renderApp(path, {
      session: makeUser(),
      api: (request) => (/^\/(sets|tracks)(\/favs)?$/.test(request.path) ? emptyList : undefined),
    });
    await app.user.click(await screen.findByRole('switch', { name: 'My favorites only' }, { timeout: 5000 }));
    await screen.findByText(emptyTitle);
    screen.getByText(emptyLine);
    expect(document.body.textContent).not.toMatch(/favourit/i);
  }, 30_000);
});
