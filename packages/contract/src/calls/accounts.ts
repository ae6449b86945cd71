// Schemas of the health check, the site's details and the session and account calls (routes.ts
// `health`, `site`, `accounts`).
import {
  clientConfig,
  createUserBody,
  emailParams,
  endSessionBody,
  linkAuthIdBody,
  notificationPreferencesBody,
  profileUpdateBody,
  refreshTokensBody,
  requestResetBody,
  resetPasswordBody,
  tokenPair,
  usernameLookup,
  usernameParams,
} from '../accounts';
import type { CallSchemas } from '../call';
import { health, healthUnavailable } from '../health';
import { siteInfo } from '../site';
import { user } from '../user';
import { ACCOUNT_ERRORS as errors, noContent, SERVER_ERRORS } from './errors';

const tag = 'accounts';

export const healthCalls = {
  check: {
    summary: 'Is the API ready (started and warmed up) and its database reachable?',
    tag: 'health',
    responses: { 200: health, 503: healthUnavailable },
    errors: SERVER_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

export const siteCalls = {
  info: {
    summary: "The site's details the static pages show (its contact address)",
    tag: 'site',
    responses: { 200: siteInfo },
    errors: SERVER_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

export const accountCalls = {
  clientConfig: {
    summary: 'Identity-provider settings for the web app',
    tag,
    responses: { 200: clientConfig },
    errors: [],
  },
  me: { summary: 'The signed-in user', tag, responses: { 200: user }, errors },
  login: { summary: 'Sign in with Basic username:password', tag, responses: { 200: tokenPair }, errors },
  refresh: {
    summary: 'Rotate the refresh token',
    tag,
    body: refreshTokensBody,
    responses: { 200: tokenPair },
    errors,
  },
  endSession: {
    summary: 'End the session of this refresh token (Logout)',
    tag,
    body: endSessionBody,
    responses: { 204: noContent },
    errors,
  },
  endEverySession: {
    summary: 'End every session of the signed-in user (Sign out everywhere)',
    tag,
    responses: { 204: noContent },
    errors,
  },
  lookupUsername: {
    summary: 'How a username signs in',
    tag,
    params: usernameParams,
    responses: { 200: usernameLookup },
    errors,
  },
  byEmail: {
    summary: 'The account of the Firebase token’s verified email',
    tag,
    params: emailParams,
    responses: { 200: user },
    errors,
  },
  create: {
    summary: 'Register (password form) or create the account of a first social sign-in',
    tag,
    body: createUserBody,
    responses: { 200: user },
    errors,
  },
  linkAuthId: {
    summary: 'Link the Firebase sign-in to an existing account',
    tag,
    body: linkAuthIdBody,
    responses: { 200: user },
    errors,
  },
  requestReset: {
    summary: 'Mail a password reset link (always 204)',
    tag,
    body: requestResetBody,
    responses: { 204: noContent },
    errors,
  },
  resetPassword: {
    summary: 'Set a new password with a reset link',
    tag,
    body: resetPasswordBody,
    responses: { 204: noContent },
    errors,
  },
  notificationPreferences: {
    summary: 'Set the notification preferences',
    tag,
    body: notificationPreferencesBody,
    responses: { 200: user },
    errors,
  },
  updateProfile: {
    summary: 'Edit the profile',
    tag,
    body: profileUpdateBody,
    responses: { 200: user },
    errors,
  },
  completeOnboarding: { summary: 'Mark onboarding completed', tag, responses: { 200: user }, errors },
} satisfies Record<string, CallSchemas>;
