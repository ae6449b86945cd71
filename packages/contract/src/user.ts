// docs/accounts.md User as the API sends it (GET /me, GET /users/{email}, registration, profile updates).
import { z } from 'zod';
import { count, id, mediaUrl } from './common';
import { AUTH_PROVIDERS, NOTIFICATION_TIMEFRAMES, USER_TYPES } from './constants';

/**
 * docs/accounts.md calls user_type "a comma-separated list"; on the wire it is a JSON array of USER_TYPES
 * (docs/accounts.md PUT /me/profile-update already sends it as a list), at least one entry, default
 * ['listener']. One form for reads and writes; no client parses commas.
 */
export const userTypes = z.array(z.enum(USER_TYPES)).min(1);

/**
 * docs/accounts.md: auth_provider is internal, web_client or a social provider id without '.com'
 * (AUTH_PROVIDERS lists the known ones), or null when none is linked. Open-ended like the users
 * table, because it mirrors whatever provider id the identity provider reports (docs/accounts.md even
 * checks for 'firebase').
 */
export const authProvider = z
  .string()
  .min(1)
  .max(100)
  .meta({ description: `Known values: ${AUTH_PROVIDERS.join(', ')}` });

/**
 * The account as its owner sees it. It never carries a password or its hash: responses are
 * serialised through this schema, which drops every field it does not name.
 */
export const user = z
  .object({
    id,
    username: z.string(),
    email: z.email(),
    // docs/accounts.md: about_me and soundcloud_url have no bounds; about_me is '' when not given
    about_me: z.string(),
    avatar_url: mediaUrl.nullable(),
    firebase_uid: z.string().nullable(),
    auth_provider: authProvider.nullable(),
    is_firebase_user: z.boolean(),
    soundcloud_url: z.string().nullable(),
    user_type: userTypes,
    notification_timeframe: z.enum(NOTIFICATION_TIMEFRAMES),
    notification_preferences_enabled: z.boolean(),
    // docs/web-app.md Home: false shows the onboarding modal
    completed_onboarding: z.boolean(),
    // proposals of this user the crowd (or an operator) accepted: the profile's "N identifications"
    identifications_accepted: count,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

/** The author of a comment as every signed-in user may see it: no email, no provider. */
export const publicAuthor = z
  .object({ id, username: z.string(), avatar_url: mediaUrl.nullable() })
  .meta({ id: 'PublicAuthor' });
export type PublicAuthor = z.infer<typeof publicAuthor>;
