import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './render-first-screen';

describe('the pre-rendered sign-in page', () => {
  it('shows Google and Apple as not ready until the app’s script runs: a click there would do nothing', async () => {
    const { html } = await renderFirstScreen('/login');
    const document = new DOMParser().parseFromString(html, 'text/html');
    const buttons = [...document.querySelectorAll('button')].filter((b) =>
      /Continue with (Google|Apple)/.test(b.textContent ?? ''),
    );
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['Continue with Google', true],
      ['Continue with Apple', true],
    ]);
  });
});
