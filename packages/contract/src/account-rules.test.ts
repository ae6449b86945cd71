// The web forms check usernames and passwords with the zod-free rules; the API with the schemas. They
// must agree.
import { describe, expect, it } from 'vitest';
import {
  ABOUT_MAX_LENGTH,
  ABOUT_TOO_LONG,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PROFILE_LINK_MAX_LENGTH,
  PROFILE_LINK_TOO_LONG,
  passwordProblem,
  usernameProblem,
} from './account-rules';
import {
  createUserBody,
  profileUpdateBody,
  resetPasswordBody,
  SOUNDCLOUD_URL_MESSAGE,
  username,
} from './accounts';
import { isCommonPassword } from './common-passwords';

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

describe('a new password', () => {
  const isCommon = isCommonPassword;

  it.each([
    ['pw1', PASSWORD_TOO_SHORT],
    ['seven77', PASSWORD_TOO_SHORT],
    ['password', PASSWORD_TOO_COMMON],
    ['Password', PASSWORD_TOO_COMMON],
    ['12345678', PASSWORD_TOO_COMMON],
    ['iloveyou', PASSWORD_TOO_COMMON],
    ['qwertyuiop', PASSWORD_TOO_COMMON],
    ['cratedig2026', PASSWORD_TOO_COMMON],
    ['zzzzzzzzzz', PASSWORD_TOO_COMMON],
    ['deep-crates-at-dawn', undefined],
    ['Ünïcödé wörds 🎧', undefined],
    ['x'.repeat(1025), PASSWORD_TOO_LONG],
  ])('%j: %s', (password, problem) => {
    expect(passwordProblem(password, { isCommon })).toBe(problem);
  });

  it('is not the username', () => {
    expect(passwordProblem('Theo.Marchetti', { isCommon, username: 'theo.marchetti' })).toBe(
      PASSWORD_TOO_COMMON,
    );
    expect(passwordProblem('theo.marchetti.sets', { isCommon, username: 'theo.marchetti' })).toBeUndefined();
  });

  it('holds 10,000 common passwords of at least the minimum length', () => {
    expect(isCommonPassword('baseball')).toBe(true);
    expect(isCommonPassword('BASEBALL')).toBe(true);
    expect(isCommonPassword('')).toBe(false);
    expect(isCommonPassword('deep-crates-at-dawn')).toBe(false);
  });

  it('is what registration and reset check, with the same messages', () => {
    for (const password of ['pw1', 'password', 'deep-crates-at-dawn']) {
      const reset = resetPasswordBody.safeParse({ token: 't', new_password: password });
      expect(reset.success ? undefined : reset.error.issues[0]?.message).toBe(
        passwordProblem(password, { isCommon }),
      );
      const body = { username: 'dj_kesa', email: 'kesa@example.com', password, auth_provider: 'web_client' };
      const registered = createUserBody.safeParse(body);
      expect(registered.success ? undefined : registered.error.issues[0]?.message).toBe(
        passwordProblem(password, { isCommon }),
      );
    }
    const same = createUserBody.safeParse({
      username: 'dj_kesa_2026',
      email: 'k@example.com',
      password: 'DJ_Kesa_2026',
    });
    expect(same.success ? [] : same.error.issues.map((i) => i.message)).toEqual([PASSWORD_TOO_COMMON]);
  });
});

describe('the profile', () => {
  const profile = (about_me: string, soundcloud_url: string | null) =>
    profileUpdateBody.safeParse({ about_me, soundcloud_url, user_type: ['dj'] });

  it('bounds About and the link', () => {
    expect(ABOUT_TOO_LONG).toContain(ABOUT_MAX_LENGTH.toLocaleString('en-US'));
    expect(profile('a'.repeat(ABOUT_MAX_LENGTH), null).success).toBe(true);
    expect(profile('a'.repeat(ABOUT_MAX_LENGTH + 1), null).error?.issues[0]?.message).toBe(ABOUT_TOO_LONG);
    const link = `https://soundcloud.com/${'a'.repeat(PROFILE_LINK_MAX_LENGTH - 23)}`;
    expect(link).toHaveLength(PROFILE_LINK_MAX_LENGTH);
    expect(profile('', link).success).toBe(true);
    expect(profile('', `${link}b`).error?.issues[0]?.message).toBe(PROFILE_LINK_TOO_LONG);
  });

  it('stores the link in canonical form and lets an empty one clear it', () => {
    expect(profile('', ' https://soundcloud.com/dj kesa ').data?.soundcloud_url).toBe(
      'https://soundcloud.com/dj%20kesa',
    );
    expect(profile('', '').data?.soundcloud_url).toBe('');
    expect(profile('', null).data?.soundcloud_url).toBeNull();
    expect(profile('', 'javascript:alert(1)').error?.issues[0]?.message).toBe(SOUNDCLOUD_URL_MESSAGE);
  });
});
