// What each kind of notification says, as a sentence a listener understands, and where it leads: a
// release opens the released track; the identification kinds open the ID's page; a takedown opens
// the listener's own sets on their profile.
import type { Notification } from '@cratedig/contract/notification';
import { proposalLine } from '../../lib/identification-text';

/**
 * The contract's TAKEDOWN_TITLE (publish-api.ts), written out: the bell is part of every signed-in
 * page's first load, and that module carries the publishing schemas (zod). A test holds them equal.
 */
export const TAKEDOWN_HEADLINE = 'Your set was taken down';
/** Where a takedown leads: My sets, on the profile. */
export const MY_SETS_HREF = '/profile#my-sets';

export interface NotificationText {
  /** The bold line: what happened. */
  headline: string;
  /** The line under it: where the ID was heard, or who did it (a taken-down set's name). */
  detail: string;
  /** A third line when there is more to say: why a set was taken down. */
  note?: string;
  href: string;
  artwork: string | null;
}

export function notificationText(notification: Notification): NotificationText {
  const { id_track: id, proposal, release, upload } = notification;
  if (notification.kind === 'takedown' || !id) {
    // about the user's own set, not an ID: it leads to their sets
    return {
      headline: TAKEDOWN_HEADLINE,
      detail: upload?.set_name ?? '',
      ...(upload?.reason ? { note: upload.reason } : {}),
      href: MY_SETS_HREF,
      artwork: null,
    };
  }
  const from = id.set_meta ? `the ID from ${id.set_meta.set_name}` : 'an ID you watch';
  const idPage = `/tracks/${id.id}`;
  if (notification.kind === 'release' && release) {
    return {
      headline: `${release.track_meta.artist} – ${release.track_meta.title}`,
      detail: `first heard in ${release.set_meta.set_name}`,
      href: `/tracks/${release.track_meta.id}`,
      artwork: release.track_meta.art_url_xl,
    };
  }
  const named = proposal ? proposalLine(proposal.names) : 'a track';
  const artwork = proposal?.names.track_meta?.art_url_sm ?? null;
  switch (notification.kind) {
    case 'identified':
      return {
        headline: `Identified: ${named} (unreleased)`,
        detail: `Listeners named ${from}`,
        href: idPage,
        artwork,
      };
    case 'proposal_accepted':
      return {
        headline: `Your suggestion ${named} was accepted`,
        detail: `for ${from}`,
        href: idPage,
        artwork,
      };
    default:
      return {
        headline: `${proposal?.author.username ?? 'A listener'} suggested ${named}`,
        detail: `for ${from}: vote on it`,
        href: idPage,
        artwork,
      };
  }
}
