/**
 * Identity-provider sign-in (docs/accounts.md steps 1–6) with the Firebase JS SDK. Loaded only through
 * firebase-loader.ts: importing this file anywhere else would put the SDK in the first screen's bundle.
 */
import type { ClientConfig } from '@cratedig/contract/accounts';
import { AUTH } from '@cratedig/contract/constants';
import type { User } from '@cratedig/contract/user';
import { initializeApp } from 'firebase/app';
import {
  type Auth,
  type AuthCredential,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  type User as FirebaseUser,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  OAuthProvider,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import { accountsClient } from '../../api/accounts-client';
import { isApiError } from '../../api/api-error';
import { sleep } from '../../api/error-recovery';
import type { Api } from '../../api/transport';
import { SESSION_MESSAGES, SOCIAL_LOGIN_MESSAGES } from './auth-messages';
import type { EmulatorAccount, SocialProvider } from './emulator-accounts';

export type { SocialProvider } from './emulator-accounts';

export type SocialSignInResult =
  | { kind: 'signed-in'; user: User }
  /** message null: nothing to tell the person (docs/accounts.md step 3 "silently", creation failure). */
  | { kind: 'failed'; message: string | null };

export interface ProviderHooks {
  /** docs/accounts.md step 6: the provider signed out while the client's auth state was firebase. */
  onProviderSignedOut: () => void;
}

let auth: Auth | null = null;
let watching = false;

function firebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth;
  const app = initializeApp({
    apiKey: config.firebase.api_key,
    authDomain: config.firebase.auth_domain,
    projectId: config.firebase.project_id,
  });
  const emulator = config.firebase.emulator_url;
  // getAuth() always installs the popup resolver, which loads https://apis.google.com/js/api.js (gapi;
  // at once on mobile browsers and Safari). Against the emulator no popup opens (the in-app chooser
  // stands in, docs/decisions/0004-social-sign-in-offline.md), so nothing there needs the internet.
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    ...(emulator ? {} : { popupRedirectResolver: browserPopupRedirectResolver }),
  });
  // Development and the end-to-end journeys run against the Firebase Auth emulator.
  if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true });
  return auth;
}

function tokenSource(instance: Auth) {
  return async () => (instance.currentUser ? instance.currentUser.getIdToken(true) : null);
}

function watchProvider(api: Api, instance: Auth, hooks: ProviderHooks) {
  if (watching) return;
  watching = true;
  onAuthStateChanged(instance, (firebaseUser) => {
    if (firebaseUser || api.tokens.getState() !== 'firebase') return;
    // docs/accounts.md step 6: clear the user and remove the access token.
    api.tokens.setFirebaseTokenSource(null);
    api.tokens.storage.clearAccessToken();
    hooks.onProviderSignedOut();
  });
}

/** docs/accounts.md: the first linked provider id without '.com' (google.com → google), or null. */
export function providerOf(firebaseUser: FirebaseUser): string | null {
  const id = firebaseUser.providerData[0]?.providerId;
  return id ? id.replace(/\.com$/, '') : null;
}

/** docs/accounts.md "Social sign-in (Google, Apple): the identity-provider steps": the popup's failure as the message a person sees. */
export function popupFailureMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') {
    return SOCIAL_LOGIN_MESSAGES.cancelled;
  }
  if (code === 'auth/popup-blocked') return SOCIAL_LOGIN_MESSAGES.popupBlocked;
  return SOCIAL_LOGIN_MESSAGES.failed;
}

/**
 * The emulator's stand-in for the provider's answer: an unsigned ID token whose claims are plain JSON
 * (the Auth emulator accepts these, and answers with a real emulator ID token).
 */
export function emulatorCredential(provider: SocialProvider, account: EmulatorAccount): AuthCredential {
  const idToken = JSON.stringify({
    sub: account.sub,
    email: account.email,
    email_verified: true,
    ...(account.displayName ? { name: account.displayName } : {}),
  });
  return provider === 'google'
    ? GoogleAuthProvider.credential(idToken)
    : new OAuthProvider('apple.com').credential({ idToken });
}

/**
 * docs/accounts.md identity-provider sign-in, steps 1–6. With a real Firebase project the provider answers in
 * its popup; against the emulator (config.firebase.emulator_url set) the caller passes the fake
 * account picked in the in-app chooser instead, and everything after the provider's answer is the
 * same code.
 */
export async function socialSignIn(
  api: Api,
  config: ClientConfig,
  provider: SocialProvider,
  hooks: ProviderHooks,
  emulatorAccount?: EmulatorAccount,
): Promise<SocialSignInResult> {
  const instance = firebaseAuth(config);
  watchProvider(api, instance, hooks);
  let firebaseUser: FirebaseUser;
  try {
    if (emulatorAccount && config.firebase.emulator_url) {
      firebaseUser = (await signInWithCredential(instance, emulatorCredential(provider, emulatorAccount)))
        .user;
    } else {
      const authProvider = provider === 'google' ? new GoogleAuthProvider() : new OAuthProvider('apple.com');
      if (provider === 'apple') (authProvider as OAuthProvider).addScope('email');
      firebaseUser = (await signInWithPopup(instance, authProvider, browserPopupRedirectResolver)).user;
    }
  } catch (error) {
    console.error('identity-provider sign-in failed', error);
    return { kind: 'failed', message: popupFailureMessage(error) };
  }

  const email = firebaseUser.email;
  if (!email) {
    console.error('identity-provider sign-in returned no email');
    await signOut(instance);
    return { kind: 'failed', message: SOCIAL_LOGIN_MESSAGES.failed };
  }
  // Step 1: the fresh ID token is the access token; the SDK refreshes it from now on.
  api.tokens.startFirebaseSession(await firebaseUser.getIdToken(), tokenSource(instance));

  const giveUp = async (message: string | null): Promise<SocialSignInResult> => {
    api.tokens.clearSession();
    await signOut(instance).catch(() => {});
    return { kind: 'failed', message };
  };

  let existing: User;
  try {
    existing = await accountsClient(api.transport).accounts.byEmail({ params: { email } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      // Step 4: first sign-in creates the account (docs/accounts.md: username and email are the email).
      try {
        const created = await accountsClient(api.transport).accounts.create({
          body: {
            firebase_uid: firebaseUser.uid,
            username: email,
            email,
            about_me: firebaseUser.displayName ?? '',
          },
        });
        return { kind: 'signed-in', user: created };
      } catch (creationError) {
        // docs/accounts.md: a failed user creation is only logged, with errors.json.
        console.error(
          'creating the account failed',
          isApiError(creationError) ? creationError.errors?.json : creationError,
        );
        return giveUp(null);
      }
    }
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      // Step 5: after 500 ms, unless a refresh is running, clear the session and say so.
      await sleep(AUTH.sessionExpiryDelayMs);
      if (api.tokens.isRefreshing()) return { kind: 'failed', message: null };
      return giveUp(SESSION_MESSAGES.expired);
    }
    console.error('loading the account failed', error);
    return giveUp(SOCIAL_LOGIN_MESSAGES.failed);
  }

  // Step 2: the same sign-in as last time.
  if (existing.firebase_uid === firebaseUser.uid) return { kind: 'signed-in', user: existing };
  // Step 3: the account exists but this sign-in is new to it: link it.
  try {
    const linked = await accountsClient(api.transport).accounts.linkAuthId({
      body: {
        id: String(existing.id),
        firebase_uid: firebaseUser.uid,
        auth_provider: providerOf(firebaseUser) ?? 'firebase',
      },
    });
    return { kind: 'signed-in', user: linked };
  } catch (error) {
    console.error('linking the sign-in to the account failed', error);
    return giveUp(null);
  }
}

/**
 * Startup with a stored Firebase ID token: waits for the SDK to restore its user (from IndexedDB) and
 * lets the token manager refresh through it. Resolves false when the provider has no user any more.
 */
export async function restoreFirebaseSession(
  api: Api,
  config: ClientConfig,
  hooks: ProviderHooks,
): Promise<boolean> {
  const instance = firebaseAuth(config);
  await instance.authStateReady();
  if (!instance.currentUser) return false;
  api.tokens.setFirebaseTokenSource(tokenSource(instance));
  watchProvider(api, instance, hooks);
  return true;
}

/** Logout: ends the provider's session too, so the next popup asks again. */
export async function signOutProvider(): Promise<void> {
  if (auth) await signOut(auth);
}
