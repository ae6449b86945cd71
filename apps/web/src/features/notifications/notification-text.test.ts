import { describe, expect, it } from 'vitest';
import { makeNotification, namesTrack } from '../../test/factories';
import { notificationText } from './notification-text';

const proposal = { id: 40, names: namesTrack(301, 'Bicep', 'Glue'), author: { id: 3, username: 'digger' } };

describe('what a notification says', () => {
  it('a release names the track and opens it', () => {
    const text = notificationText(makeNotification(1));
    expect(text).toMatchObject({
      headline: 'Artist 1 – Track 1',
      detail: 'first heard in Set 1',
      href: '/tracks/501',
    });
  });

  it('the identification kinds read as sentences and open the ID', () => {
    const on = (kind: 'identified' | 'proposal_accepted' | 'proposal_on_watched') =>
      notificationText(makeNotification(2, { kind, release: null, proposal }));
    expect(on('identified')).toMatchObject({
      headline: 'Identified: Bicep – Glue (unreleased)',
      detail: 'Listeners named the ID from Set 2',
      href: '/tracks/902',
    });
    expect(on('proposal_accepted')).toMatchObject({
      headline: 'Your suggestion Bicep – Glue was accepted',
      detail: 'for the ID from Set 2',
      href: '/tracks/902',
    });
    expect(on('proposal_on_watched')).toMatchObject({
      headline: 'digger suggested Bicep – Glue',
      detail: 'for the ID from Set 2: vote on it',
      href: '/tracks/902',
    });
  });
});
