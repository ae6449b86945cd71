// The track metadata DJ software keeps, read from the playlist export that sits beside a recording:
// Traktor's NML (`<NML VERSION="19">`: COLLECTION ENTRYs with TITLE/ARTIST, INFO LABEL/KEY/REMIXER,
// TEMPO BPM, MUSICAL_KEY; PLAYLISTS NODEs listing PRIMARYKEY KEYs, history entries with EXTENDEDDATA
// STARTTIME) and rekordbox's XML (`<DJ_PLAYLISTS Version="1.0.0">`: COLLECTION TRACKs with Name,
// Artist, Remixer, Label, Tonality, AverageBpm, Mix; PLAYLISTS NODEs listing TRACK Keys). Both are flat,
// attribute-only XML, read here with a small tag scanner rather than a DOM.

/** One played track as the software knows it. */
export interface DjTrack {
  artist: string;
  title: string;
  remixer: string | null;
  label: string | null;
  bpm: number | null;
  key: string | null;
  /** Traktor history: seconds since midnight when the deck started it. */
  startedAt?: number;
}

interface Tag {
  name: string;
  attrs: Record<string, string>;
  closing: boolean;
  selfClosing: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name] ?? whole;
  });
}

function* tags(xml: string): Generator<Tag> {
  const pattern = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  for (const m of xml.matchAll(pattern)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attrs[a[1] as string] = decode(a[2] ?? a[3] ?? '');
    yield { name: m[2] as string, attrs, closing: m[1] === '/', selfClosing: m[4] === '/' };
  }
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const number = (v: string | undefined) => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : null;
};

// Traktor's MUSICAL_KEY VALUE: 0–11 major keys from C, 12–23 minor keys from C.
const TRAKTOR_KEYS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
function traktorKey(value: string | undefined): string | null {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0 || n > 23) return null;
  return n < 12 ? `${TRAKTOR_KEYS[n]} maj` : `${TRAKTOR_KEYS[n - 12]} min`;
}

/** The tracks of an NML's playlist, in playlist order (the first playlist that lists any). */
export function readNml(xml: string): DjTrack[] {
  const collection = new Map<string, DjTrack>();
  const playlist: DjTrack[] = [];
  let entry: (DjTrack & { location?: string; infoKey?: string | null; musicalKey?: string | null }) | null =
    null;
  let section: 'collection' | 'playlists' | null = null;
  let listed: { key: string; startedAt?: number } | null = null;
  let done = false;
  for (const tag of tags(xml)) {
    if (tag.name === 'COLLECTION') section = tag.closing ? null : 'collection';
    else if (tag.name === 'PLAYLISTS') section = tag.closing ? null : 'playlists';
    else if (section === 'collection' && (!tag.closing || tag.name === 'ENTRY')) {
      if (tag.name === 'ENTRY' && !tag.closing) {
        entry = {
          artist: tag.attrs.ARTIST?.trim() ?? '',
          title: tag.attrs.TITLE?.trim() ?? '',
          remixer: null,
          label: null,
          bpm: null,
          key: null,
        };
      } else if (tag.name === 'ENTRY' && entry) {
        entry.key = entry.infoKey ?? entry.musicalKey ?? null;
        if (entry.location)
          collection.set(entry.location, {
            artist: entry.artist,
            title: entry.title,
            remixer: entry.remixer,
            label: entry.label,
            bpm: entry.bpm,
            key: entry.key,
          });
        entry = null;
      } else if (entry && tag.name === 'LOCATION') {
        // A track's key in the playlists: VOLUME + DIR + FILE ('C:/:Music/:a.mp3', 'Macintosh HD/:Users/:…').
        entry.location = `${tag.attrs.VOLUME ?? ''}${tag.attrs.DIR ?? ''}${tag.attrs.FILE ?? ''}`;
      } else if (entry && tag.name === 'INFO') {
        entry.label = blank(tag.attrs.LABEL);
        entry.remixer = blank(tag.attrs.REMIXER);
        entry.infoKey = blank(tag.attrs.KEY);
      } else if (entry && tag.name === 'TEMPO') entry.bpm = number(tag.attrs.BPM);
      else if (entry && tag.name === 'MUSICAL_KEY') entry.musicalKey = traktorKey(tag.attrs.VALUE);
    } else if (section === 'playlists' && !done) {
      if (tag.name === 'PRIMARYKEY' && tag.attrs.TYPE === 'TRACK' && tag.attrs.KEY)
        listed = { key: tag.attrs.KEY };
      else if (tag.name === 'EXTENDEDDATA' && listed && tag.attrs.STARTTIME !== undefined)
        listed.startedAt = Number(tag.attrs.STARTTIME);
      else if (tag.name === 'ENTRY' && tag.closing && listed) {
        const known = collection.get(listed.key);
        if (known)
          playlist.push({
            ...known,
            ...(Number.isFinite(listed.startedAt) ? { startedAt: listed.startedAt } : {}),
          });
        listed = null;
      } else if (tag.name === 'PLAYLIST' && tag.closing && playlist.length > 0) done = true;
    }
  }
  return playlist;
}

/** The tracks of a rekordbox XML's playlist, in playlist order (the first playlist that lists any). */
export function readRekordboxXml(xml: string): DjTrack[] {
  const collection = new Map<string, DjTrack>();
  const playlist: DjTrack[] = [];
  let section: 'collection' | 'playlists' | null = null;
  let depthOfList = -1;
  let depth = 0;
  for (const tag of tags(xml)) {
    if (tag.name === 'COLLECTION') section = tag.closing ? null : 'collection';
    else if (tag.name === 'PLAYLISTS') section = tag.closing ? null : 'playlists';
    else if (section === 'collection' && tag.name === 'TRACK' && !tag.closing && tag.attrs.TrackID) {
      const a = tag.attrs;
      const mix = blank(a.Mix);
      const remixer = blank(a.Remixer);
      let title = a.Name?.trim() ?? '';
      // rekordbox keeps the version apart ('Mix', 'Remixer'); written as the bracket a store would
      // print ('Lumen (Halvard Extended Remix)') it is read like any other title.
      if (mix && !title.toLowerCase().includes(mix.toLowerCase()))
        title =
          remixer && !mix.toLowerCase().includes(remixer.toLowerCase()) && !/^original\b/i.test(mix)
            ? `${title} (${remixer} ${mix})`
            : `${title} (${mix})`;
      collection.set(a.TrackID as string, {
        artist: a.Artist?.trim() ?? '',
        title,
        remixer,
        label: blank(a.Label),
        bpm: number(a.AverageBpm),
        key: blank(a.Tonality),
      });
    } else if (section === 'playlists' && tag.name === 'NODE') {
      if (tag.closing) {
        depth--;
        if (depth === depthOfList && playlist.length > 0) return playlist;
      } else if (!tag.selfClosing) {
        if (tag.attrs.Type === '1') depthOfList = depth;
        depth++;
      }
    } else if (section === 'playlists' && tag.name === 'TRACK' && tag.attrs.Key) {
      const known = collection.get(tag.attrs.Key);
      if (known) playlist.push(known);
    }
  }
  return playlist;
}

/** The playlist of an NML or rekordbox XML text, by its root element; undefined for anything else. */
export function readDjPlaylist(
  xml: string,
): { tool: 'traktor' | 'rekordbox'; tracks: DjTrack[] } | undefined {
  if (/<NML[\s>]/.test(xml)) return { tool: 'traktor', tracks: readNml(xml) };
  if (/<DJ_PLAYLISTS[\s>]/.test(xml)) return { tool: 'rekordbox', tracks: readRekordboxXml(xml) };
  return undefined;
}
