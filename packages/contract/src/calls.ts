// The table of calls: every JSON call of the API, once. routes.ts holds each call's method, path and
// who may make it; calls/*.ts hold its schemas under the same names. The API registers its routes
// from this table (apps/api/src/lib/route.ts), the web app's client is typed from it
// (apps/web/src/api/client.ts), and the OpenAPI document follows from the routes
// (docs/decisions/0017-one-table-of-calls.md).
import { joinCalls } from './call';
import { accountCalls, healthCalls, siteCalls } from './calls/accounts';
import {
  artistCalls,
  featuredCalls,
  festivalCalls,
  labelCalls,
  setCalls,
  trackCalls,
  venueCalls,
} from './calls/catalogue';
import { contributeCalls } from './calls/contribute';
import { fingerprintCalls } from './calls/fingerprints';
import { identificationCalls, liveCalls } from './calls/identifications';
import { favCalls, notificationCalls, postCalls, searchCalls, userCalls } from './calls/library';
import { likeCalls, playCalls, queueCalls } from './calls/player';
import { publishCalls } from './calls/publish';
import { routes } from './routes';

export const calls = joinCalls(routes, {
  health: healthCalls,
  site: siteCalls,
  accounts: accountCalls,
  sets: setCalls,
  tracks: trackCalls,
  artists: artistCalls,
  labels: labelCalls,
  festivals: festivalCalls,
  venues: venueCalls,
  featured: featuredCalls,
  search: searchCalls,
  queue: queueCalls,
  plays: playCalls,
  likes: likeCalls,
  favs: favCalls,
  users: userCalls,
  posts: postCalls,
  notifications: notificationCalls,
  identifications: identificationCalls,
  contribute: contributeCalls,
  fingerprints: fingerprintCalls,
  live: liveCalls,
  publish: publishCalls,
});

export type Calls = typeof calls;
