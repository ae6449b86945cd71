// Writes docs/catalogue-file.schema.json from the contract's zod schema of the catalogue file.
import { writeFileSync } from 'node:fs';
import { catalogueFileJsonSchema } from '../packages/contract/src/catalogue-file-schema';

// Biome formats the file afterwards (npm run format); the test compares content, not layout.
const target = new URL('../docs/catalogue-file.schema.json', import.meta.url);
writeFileSync(target, catalogueFileJsonSchema());
console.log(`wrote ${target.pathname}`);
