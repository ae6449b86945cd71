import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  DEFAULT_SORTS,
  FILTER_RESET_SORTS,
  GENRES,
  MIX_TYPES,
  NOTIFICATION_TIMEFRAMES,
  NOTIFICATIONS_PAGE_SIZE,
  PAGE_SIZE,
  PASSWORD_MIN_LENGTH,
  SEARCH_DEBOUNCE_MS,
  SORTS,
  type SortList,
  TOASTS,
  USER_TYPES,
} from './constants';

const sortLists = Object.keys(SORTS) as SortList[];

describe('docs/web-app.md constants', () => {
  it('has the 20 genres of the spec, once each and in its order', () => {
    expect(GENRES).toHaveLength(20);
    expect(new Set(GENRES).size).toBe(20);
    expect(GENRES[0]).toBe('Afro House');
    expect(GENRES).toContain('Electro (Classic / Detroit / Modern)');
    expect(GENRES[19]).toBe('Trance');
  });

  it('has the vocabularies', () => {
    expect(NOTIFICATION_TIMEFRAMES).toEqual(['daily', 'weekly', 'monthly']);
    expect(USER_TYPES).toEqual(['listener', 'dj', 'producer', 'label', 'curator']);
    expect(MIX_TYPES).toEqual(['original_mix', 'remix', 'edit', 'ID']);
  });

  it('has the list, search and password limits', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it("has MUI's breakpoints", () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
  });

  it('has the toast timings', () => {
    expect(TOASTS).toMatchObject({
      maxSnack: 3,
      autoHideMs: 5000,
      enterMs: 225,
      exitMs: 195,
      authExpiredMs: 2000,
    });
    expect(TOASTS.refocusRemainingRatio).toBe(0.5);
  });

  it('offers the sort choices of docs/catalogue.md per list', () => {
    expect(Object.keys(SORTS.sets)).toEqual(['artist', 'title', 'curator', 'genre', 'release_date']);
    expect(Object.keys(SORTS.tracks)).toEqual(['artist', 'title', 'label', 'genre', 'release_date']);
    expect(Object.keys(SORTS.artists)).toEqual([
      'name',
      'set_count',
      'latest_set',
      'track_count',
      'latest_track',
    ]);
    expect(Object.keys(SORTS.labels)).toEqual([...Object.keys(SORTS.artists), 'artist_count']);
    expect(Object.keys(SORTS.ids)).toEqual(['artist', 'title', 'first_seen']);
  });

  it.each(sortLists)('prefixes every %s sort field with its kind (docs/catalogue.md)', (list) => {
    for (const field of Object.values(SORTS[list])) {
      expect(field).toMatch(
        /^(set_meta|track_meta|artist_meta|label_meta|festival_meta|venue_meta)\.[a-z_]+$/,
      );
    }
  });

  it.each(sortLists)('has a default sort for %s naming one of its whitelisted fields', (list) => {
    const allowed: string[] = Object.values(SORTS[list]);
    expect(allowed).toContain(DEFAULT_SORTS[list].order_by);
    expect(['asc', 'desc']).toContain(DEFAULT_SORTS[list].order_direction);
  });

  it('uses the default sorts of docs/catalogue.md', () => {
    expect(DEFAULT_SORTS.sets).toEqual({ order_by: 'set_meta.release_date', order_direction: 'desc' });
    expect(DEFAULT_SORTS.tracks).toEqual({ order_by: 'track_meta.release_date', order_direction: 'desc' });
    expect(DEFAULT_SORTS.artists).toEqual({ order_by: 'artist_meta.set_count', order_direction: 'desc' });
    expect(DEFAULT_SORTS.labels).toEqual({ order_by: 'label_meta.set_count', order_direction: 'desc' });
    expect(DEFAULT_SORTS.ids).toEqual({ order_by: 'track_meta.created_dt', order_direction: 'desc' });
    expect(DEFAULT_SORTS.festivals.order_direction).toBe('asc');
    expect(DEFAULT_SORTS.search).toEqual({ order_by: 'name', order_direction: 'asc' });
  });

  it('resets artists and labels to latest track date descending on a cleared filter', () => {
    expect(FILTER_RESET_SORTS.artists).toEqual({
      order_by: 'artist_meta.latest_track_date',
      order_direction: 'desc',
    });
    expect(FILTER_RESET_SORTS.labels).toEqual({
      order_by: 'label_meta.latest_track_date',
      order_direction: 'desc',
    });
    for (const [list, sort] of Object.entries(FILTER_RESET_SORTS)) {
      expect(Object.values(SORTS[list as SortList]) as string[]).toContain(sort.order_by);
    }
  });
});
