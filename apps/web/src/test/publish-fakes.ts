// Publishing's test records: a draft (one of "my sets") as GET /publish/sets/{id} answers it, and a
// tracklist preview line.
import type { DraftTracklistLine, MySet } from '@cratedig/contract/publish-api';

export const DRAFT_ID = '0123456789abcdef0123456789abcdef';

export function makeMySet(overrides: Partial<MySet> = {}): MySet {
  return {
    id: DRAFT_ID,
    state: 'ready',
    reason: null,
    file_name: 'warehouse-closing.mp3',
    size_bytes: 150 * 1024 * 1024,
    received_bytes: 150 * 1024 * 1024,
    step: null,
    progress: null,
    format: 'mp3',
    duration_s: 3 * 3600 + 12 * 60,
    details: {
      set_name: 'Closing Set at the Warehouse',
      djs: ['Lena Vogt'],
      recorded_date: '2026-10-31',
      genre: 'Techno',
      festival: null,
      venue: 'The Warehouse',
      tracklist: '',
    },
    art_url_sm: null,
    art_url_xl: null,
    set_id: null,
    missing: [],
    created_dt: '2026-12-01T20:00:00.000Z',
    updated_dt: '2026-12-01T21:00:00.000Z',
    ...overrides,
  };
}

export function makeDraftLine(line: number, overrides: Partial<DraftTracklistLine> = {}): DraftTracklistLine {
  return {
    line,
    text: `Line ${line}`,
    outcome: 'track',
    start_time: null,
    artist: `Artist ${line}`,
    title: `Title ${line}`,
    mix_name: null,
    label_name: null,
    track_meta_id: 100 + line,
    new_artists: [],
    new_labels: [],
    note: null,
    ...overrides,
  };
}
