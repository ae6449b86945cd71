// The JSON Schema of the catalogue file, generated from its zod schema (docs/catalogue-file.schema.json
// is this output, written by `npm run schema:catalogue`; a test fails when it is stale).
import { z } from 'zod';
import { catalogueFile } from './catalogue-file';

export function catalogueFileJsonSchema(): string {
  const schema = z.toJSONSchema(catalogueFile, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  return `${JSON.stringify({ ...schema, $id: 'https://cratedig.app/schemas/catalogue-file.schema.json' }, null, 2)}\n`;
}
