import { TAKEDOWN_TITLE } from '@cratedig/contract/publish-api';
import MenuList from '@mui/material/MenuList';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNotification, makeUser } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { expectShown } from '../../test/shown';
import { NotificationEntry } from './notification-entry';
import { notificationText, TAKEDOWN_HEADLINE } from './notification-text';

const takedown = makeNotification(5, {
  kind: 'takedown',
  id_track: null,
  release: null,
  proposal: null,
  upload: {
    id: '0123456789abcdef0123456789abcdef',
    set_name: 'Warehouse Closing',
    reason: 'A rights holder asked for it.',
  },
});

describe('a takedown notification', () => {
  it("says the listener's set was taken down, which and why, and leads to My sets", () => {
    expect(TAKEDOWN_HEADLINE).toBe(TAKEDOWN_TITLE);
    expect(notificationText(takedown)).toMatchObject({
      headline: 'Your set was taken down',
      detail: 'Warehouse Closing',
      note: 'A rights holder asked for it.',
      href: '/profile#my-sets',
    });
  });

  it('shows them in the bell', () => {
    renderWithProviders(
      <MenuList>
        <NotificationEntry notification={takedown} onOpen={() => {}} />
      </MenuList>,
      {
        api: () => undefined,
        session: makeUser(),
      },
    );
    const link = screen.getByRole('menuitem');
    expect(link.getAttribute('href')).toBe('/profile#my-sets');
    expectShown(screen.getByText('Your set was taken down'));
    expectShown(screen.getByText('Warehouse Closing'));
    expectShown(screen.getByText('A rights holder asked for it.'));
  });
});
