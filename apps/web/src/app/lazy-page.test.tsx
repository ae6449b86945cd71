import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function NameForm() {
  const [name, setName] = useState('');
  return (
    <label>
      Name
      <input value={name} onChange={(event) => setName(event.target.value)} />
    </label>
  );
}

// The layout around a routed page (its error boundary reads the location).
function Frame({ note, children }: { note: string; children: ReactNode }) {
  return (
    <MemoryRouter>
      <main>
        <p>{note}</p>
        {children}
      </main>
    </MemoryRouter>
  );
}

describe('a page in its own chunk', () => {
  it('is drawn in the first frame once it was preloaded', async () => {
    const page = lazyPage(async () => NameForm);
    await page.preload();
    render(<Frame note="first">{page.element}</Frame>);
    screen.getByRole('textbox', { name: 'Name' });
  });

  it('appears once its chunk arrives when it was not preloaded', async () => {
    const page = lazyPage(async () => NameForm);
    render(<Frame note="first">{page.element}</Frame>);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await screen.findByRole('textbox', { name: 'Name' });
  });

  it('keeps what was typed when the frame around it draws again after the chunk arrived', async () => {
    const page = lazyPage(async () => NameForm);
    const view = render(<Frame note="first">{page.element}</Frame>);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'nightowl');
    view.rerender(<Frame note="second">{page.element}</Frame>);
    screen.getByText('second');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('nightowl');
  });

  it('loads again after a failed attempt', async () => {
    let attempts = 0;
    const page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return NameForm;
    });
    await expect(page.preload()).rejects.toThrow('dynamically imported module');
    await page.preload();
    render(<Frame note="first">{page.element}</Frame>);
    screen.getByRole('textbox', { name: 'Name' });
  });
});
