// The demo catalogue's rows as its builders make them (demo-catalogue.ts calls them in order): each
// builder reads what the earlier ones made and adds its own.
import type { Genre } from '@cratedig/contract/constants';
import type {
  artists,
  featured,
  festivals,
  idReleases,
  labelBosses,
  labels,
  setArtists,
  setSponsors,
  sets,
  trackArtists,
  tracks,
  venues,
} from '../schema/index';
import type { ArtJob } from './demo-build';

export interface DemoSet {
  row: typeof sets.$inferInsert & { id: number; durationMs: number; genre: Genre };
  audioBaseName: string;
  /** Relative lengths of the set tracks; times are tiled from them once the real duration is known. */
  slots: {
    trackId: number;
    weight: number;
    genre: Genre;
    bpm: number;
    /** The audio of another track plays here (an ID heard before, listed under an ID of its own). */
    audioTrackId?: number;
    /** The audio plays but the tracklist does not name it (an incomplete tracklist). */
    unlisted?: boolean;
  }[];
}

export interface DemoCatalogue {
  artists: (typeof artists.$inferInsert & { id: number })[];
  labels: (typeof labels.$inferInsert & { id: number })[];
  labelBosses: (typeof labelBosses.$inferInsert)[];
  festivals: (typeof festivals.$inferInsert & { id: number })[];
  venues: (typeof venues.$inferInsert & { id: number })[];
  sets: DemoSet[];
  setArtists: (typeof setArtists.$inferInsert)[];
  setSponsors: (typeof setSponsors.$inferInsert)[];
  tracks: (typeof tracks.$inferInsert & { id: number })[];
  trackArtists: (typeof trackArtists.$inferInsert)[];
  idReleases: (typeof idReleases.$inferInsert)[];
  featured: (typeof featured.$inferInsert)[];
  art: ArtJob[];
}
