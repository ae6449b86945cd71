import type { ProposalNames } from '@cratedig/contract/identification';
import { describe, expect, it } from 'vitest';
import { idStateLine, proposalLine } from './identification-text';

const described: ProposalNames = {
  track_meta: null,
  artist: 'Tiber',
  title: 'Lowlands',
  mix_name: 'Extended Mix',
  label_name: 'Deep Cuts',
  url: null,
};
const catalogue: ProposalNames = {
  track_meta: { id: 4, artist: 'Bicep', title: 'Glue', mix_name: null, label_name: null, art_url_sm: null },
  artist: null,
  title: null,
  mix_name: null,
  label_name: null,
  url: null,
};

describe("an ID's state in words", () => {
  it('names a suggestion as Artist – Title (Mix)', () => {
    expect(proposalLine(described)).toBe('Tiber – Lowlands (Extended Mix)');
    expect(proposalLine(catalogue)).toBe('Bicep – Glue');
  });

  it('reads each state', () => {
    expect(idStateLine({ status: 'unidentified', open_count: 0, accepted: null })).toBe(
      'Nobody has suggested what this is yet',
    );
    expect(idStateLine({ status: 'proposed', open_count: 3, accepted: null })).toBe('3 suggestions');
    expect(idStateLine({ status: 'proposed', open_count: 1, accepted: null })).toBe('1 suggestion');
    const accepted = { id: 9, proposal: described, decided_dt: '2026-11-25T10:00:00Z' };
    expect(idStateLine({ status: 'identified', open_count: 0, accepted })).toBe(
      'Identified as Tiber – Lowlands (Extended Mix) (unreleased)',
    );
    expect(
      idStateLine({ status: 'released', open_count: 0, accepted: null }, { artist: 'Bicep', title: 'Glue' }),
    ).toBe('Released as Bicep – Glue');
    // not an ID: nothing to say
    expect(idStateLine(null)).toBeNull();
  });
});
