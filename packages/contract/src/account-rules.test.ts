// The web forms check usernames with the zod-free rule; the API with the schema. They must agree.
import { describe, expect, it } from 'vitest';
import { usernameProblem } from './account-rules';
import { username } from './accounts';

describe('the username rule without zod', () => {
  it.each([
    'dj_kesa',
    '  theo.marchetti  ',
    "o'neil+sets@example.com",
    'Mika-Ylönen',
    '',
    '   ',
    'a b',
    'tab\there',
    'x'.repeat(254),
    'x'.repeat(255),
    'nul\u0000',
    'emoji🎧',
  ])('gives the same answer and message as the schema for %j', (value) => {
    const checked = username.safeParse(value);
    expect(usernameProblem(value)).toBe(checked.success ? undefined : checked.error.issues[0]?.message);
  });
});
