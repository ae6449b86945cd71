// The whole demo catalogue for the API tests that read a realistic catalogue (search relevance, the
// catalogue's lists over every genre). A test about one item builds it with factories.ts instead:
// seeding takes seconds, and ids picked by a select hide what the test depends on.
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../db/seed/demo';
import { makeTempDir } from './app';
import { resetDatabase } from './database';

/** Empties the database and loads the demo catalogue without media (~1.5 s). */
export async function seedCatalogue(app: FastifyInstance): Promise<void> {
  await resetDatabase(app.database);
  await seedDemo(app.database, { mediaDir: makeTempDir('cratedig-media-'), media: false });
}
