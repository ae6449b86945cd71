// `npm run db:baseline -w @cratedig/api`: after a migration written by hand, lists it in drizzle's
// journal and writes its snapshot from the schema TS, so `db:generate` compares against the schema the
// migrations now build (docs/database.md).
import { journalNewMigrations, pendingStatements, writeBaseline } from './snapshot';

const listed = journalNewMigrations();
for (const tag of listed) console.log(`journal: listed ${tag}`);
const file = writeBaseline();
console.log(`snapshot: wrote meta/${file} from the schema in src/db/schema/`);
const pending = await pendingStatements();
if (pending.length > 0) {
  console.error(`db:generate would still write ${pending.length} statements:\n${pending.join('\n')}`);
  process.exitCode = 1;
}
