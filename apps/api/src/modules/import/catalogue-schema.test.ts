import { readFileSync } from 'node:fs';
import { catalogueFileJsonSchema } from '@cratedig/contract/catalogue-file-schema';
import { describe, expect, it } from 'vitest';

describe('docs/catalogue-file.schema.json', () => {
  it('is the JSON Schema of the contract’s catalogue file (npm run schema:catalogue rewrites it)', () => {
    const checkedIn = readFileSync(
      new URL('../../../../../docs/catalogue-file.schema.json', import.meta.url),
      'utf8',
    );
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(catalogueFileJsonSchema()));
  });
});
