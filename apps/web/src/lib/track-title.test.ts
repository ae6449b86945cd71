import { describe, expect, it } from 'vitest';
import { formatClock, formatDate } from './format';
import { trackPageTitle } from './track-title';

const base = { title: 'Opal', artist: 'Four Tet', mix_meta: null, set_meta: null };

describe('track page title (docs/web-app.md, by mix type)', () => {
  it('original mix: artist - title', () => {
    expect(trackPageTitle({ ...base, mix_type: 'original_mix' })).toBe('Four Tet - Opal');
  });
  it('remix and edit add the mixer with Remix or Edit', () => {
    expect(trackPageTitle({ ...base, mix_type: 'remix', mix_meta: { name: 'Bicep' } })).toBe(
      'Four Tet - Opal (Bicep Remix)',
    );
    expect(trackPageTitle({ ...base, mix_type: 'edit', mix_meta: { name: 'Ben UFO' } })).toBe(
      'Four Tet - Opal (Ben UFO Edit)',
    );
  });
  it('a version no one is credited for is shown as it was named', () => {
    expect(trackPageTitle({ ...base, mix_type: 'original_mix', mix_meta: { name: 'Intro Mix' } })).toBe(
      'Four Tet - Opal (Intro Mix)',
    );
    expect(trackPageTitle({ ...base, mix_type: 'edit', mix_meta: { name: 'Restricted Edit' } })).toBe(
      'Four Tet - Opal (Restricted Edit)',
    );
    expect(trackPageTitle({ ...base, mix_type: 'remix', mix_meta: { name: 'Remix' } })).toBe(
      'Four Tet - Opal (Remix)',
    );
  });
  it('an ID adds the set it was found in', () => {
    const set_meta = { id: 3, set_name: 'Live at Printworks', release_date: '2023-01-02' };
    expect(trackPageTitle({ ...base, mix_type: 'ID', set_meta })).toBe(
      'Four Tet - Opal in Live at Printworks',
    );
  });
});

describe('formatting', () => {
  it('clock times as h:mm:ss, or m:ss under an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3725)).toBe('1:02:05');
  });
  it('calendar dates in UTC, unknown as a dash', () => {
    expect(formatDate('2024-03-01')).toBe('1 Mar 2024');
    expect(formatDate(null)).toBe('—');
  });
});
