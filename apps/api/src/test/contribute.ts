// Shared by the pasted-tracklist tests: a set whose list is incomplete (a known track, three IDs, one
// other track) and a catalogue track that is not in it, all with credited artists, so the catalogue's
// search documents know their names as after an import.
import type { FastifyInstance } from 'fastify';
import type { CrowdUser } from './crowd';
import { appendSetTrack, createArtist, createSet, createTrack, refreshCatalogue } from './factories';

export interface IncompleteSet {
  setId: number;
  glue: number;
  grey: number;
  delilah: number;
  /** The set's IDs at 5:00, 10:00 and 20:00. */
  ids: [number, number, number];
}

let made = 0;

export async function incompleteSet(app: FastifyInstance): Promise<IncompleteSet> {
  made += 1;
  const bicep = await createArtist(app, { name: `Bicep ${made}` });
  const kolsch = await createArtist(app, { name: `Kolsch ${made}` });
  const fred = await createArtist(app, { name: `Fred Again ${made}` });
  const glue = await createTrack(app, { title: 'Glue', artist: `Bicep ${made}`, artistId: bicep });
  const grey = await createTrack(app, { title: 'Grey', artist: `Kolsch ${made}`, artistId: kolsch });
  const delilah = await createTrack(app, { title: 'Delilah', artist: `Fred Again ${made}`, artistId: fred });
  const set = await createSet(app, { tracks: [[0, 300]], trackIds: [glue] });
  const id = () => createTrack(app, { title: 'ID', artist: 'ID', mixType: 'ID', foundInSetId: set.id });
  const ids: [number, number, number] = [await id(), await id(), await id()];
  await appendSetTrack(app, set.id, ids[0], [300, 600]);
  await appendSetTrack(app, set.id, ids[1], [600, 900]);
  await appendSetTrack(app, set.id, grey, [900, 1200]);
  await appendSetTrack(app, set.id, ids[2], [1200, 1500]);
  await refreshCatalogue(app);
  return { setId: set.id, glue, grey, delilah, ids };
}

export function tracklistCalls(app: FastifyInstance) {
  const post = (path: string) => (user: CrowdUser, setId: number | string, text: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/sets/${setId}/${path}`,
      headers: user.headers,
      payload: { text },
    });
  return { preview: post('tracklist-preview'), submit: post('tracklist-proposals') };
}
