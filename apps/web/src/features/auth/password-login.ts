import type { TokenPair, UsernameLookup } from '@cratedig/contract/accounts';
import { AUTH } from '@cratedig/contract/constants';
import type { User } from '@cratedig/contract/user';
import { accountsClient } from '../../api/accounts-client';
import { isApiError } from '../../api/api-error';
import { sleep } from '../../api/error-recovery';
import { type Api, basicAuth } from '../../api/transport';
import { PASSWORD_LOGIN_MESSAGES, socialAccountMessage } from './auth-messages';

/** A sign-in that did not work, with the docs/accounts.md message to show. */
export class SignInError extends Error {
  override name = 'SignInError';
}

/**
 * docs/accounts.md "Password login":
 * 1. the username is checked on the server first;
 * 2. social-account users are told to use their provider;
 * 3. the credentials are exchanged for tokens, stored by the token manager;
 * 4. after 100 ms the profile is loaded.
 * Rejects with a SignInError carrying the exact docs/accounts.md message.
 */
export async function passwordLogin(api: Api, username: string, password: string): Promise<User> {
  let lookup: UsernameLookup;
  try {
    lookup = await accountsClient(api.transport).accounts.lookupUsername({ params: { username } });
  } catch (error) {
    if (isApiError(error) && error.status === 429)
      throw new SignInError(PASSWORD_LOGIN_MESSAGES.tooManyAttempts);
    throw new SignInError(PASSWORD_LOGIN_MESSAGES.lookupFailed);
  }
  if (lookup.is_firebase_user) throw new SignInError(socialAccountMessage(lookup.auth_provider));

  let tokens: TokenPair;
  try {
    // docs/accounts.md: login is sent without a token and without retry.
    tokens = await accountsClient(api.transport).accounts.login({
      headers: { authorization: basicAuth(username, password) },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401)
      throw new SignInError(PASSWORD_LOGIN_MESSAGES.badCredentials);
    if (isApiError(error) && error.status === 429)
      throw new SignInError(PASSWORD_LOGIN_MESSAGES.tooManyAttempts);
    throw new SignInError(PASSWORD_LOGIN_MESSAGES.failed);
  }
  api.tokens.startInternalSession({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });

  await sleep(AUTH.postLoginWaitMs);
  try {
    return await accountsClient(api.transport).accounts.me();
  } catch {
    api.tokens.clearSession();
    throw new SignInError(PASSWORD_LOGIN_MESSAGES.failed);
  }
}
