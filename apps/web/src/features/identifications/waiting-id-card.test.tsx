import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibleName } from '../../test/accessible-name';
import { makeTrack } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { WaitingIdCard } from './waiting-id-card';

const waiting = (openCount: number, likes: number) =>
  makeTrack({
    id: 12,
    title: 'ID',
    artist: 'ID',
    mix_type: 'ID',
    total_user_likes: likes,
    set_meta: { id: 3, set_name: 'Live at Tresor', release_date: '2024-05-01' },
    identification: {
      status: openCount > 0 ? 'proposed' : 'unidentified',
      open_count: openCount,
      accepted: null,
    },
  });

describe('a waiting ID as a card (phones)', () => {
  it('shows where it was heard, its open suggestions and who waits, linking to the ID', () => {
    renderWithProviders(<WaitingIdCard track={waiting(3, 12)} />);
    const card = screen.getByRole('link');
    expect(card.getAttribute('href')).toBe('/tracks/12');
    expect(card.textContent).toContain('Live at Tresor');
    expect(accessibleName(card)).toBe(
      'ID, heard in Live at Tresor, 3 suggestions, 12 listeners waiting, unreleased ID',
    );
    expect(card.textContent).toContain('3 suggestions');
    expect(card.textContent).toContain('12 listeners waiting');
  });

  it('says when nobody has suggested anything yet', () => {
    renderWithProviders(<WaitingIdCard track={waiting(0, 1)} />);
    expect(screen.getByRole('link').textContent).toContain('No suggestions');
    expect(screen.getByRole('link').textContent).toContain('1 listener waiting');
  });
});
