// A notification as one sentence a listener understands, with where it leads: the digests write
// these (the bell writes its own in the web app, from the same fields).
import type { Notification } from '@cratedig/contract/notification';
import { TAKEDOWN_TITLE } from '@cratedig/contract/publish-api';

export interface NotificationSentence {
  /** The whole sentence, e.g. "Bicep – Glue is out: the ID you waited for from Live at Printworks." */
  text: string;
  /** The site path it links to: the released track, the ID's page, or the user's sets. */
  path: string;
  /** Artwork to show beside it, when there is one. */
  artUrl: string | null;
}

type Names = NonNullable<Notification['proposal']>['names'];

/** "Artist – Title (Mix)" of what a proposal names. */
export function proposalTitle(names: Names): string {
  const track = names.track_meta;
  const artist = track?.artist ?? names.artist ?? '';
  const title = track?.title ?? names.title ?? '';
  const mix = track?.mix_name ?? names.mix_name;
  return `${artist} – ${title}${mix ? ` (${mix})` : ''}`;
}

function fromSet(n: Notification): string {
  const set = n.id_track?.set_meta?.set_name ?? n.release?.set_meta.set_name;
  return set ? `the ID from ${set}` : 'an ID';
}

export function notificationSentence(n: Notification): NotificationSentence {
  if (n.kind === 'takedown') {
    // about the user's own set, not an ID: it leads to their sets, where the draft says why
    const name = n.upload?.set_name;
    const reason = n.upload?.reason;
    return {
      text: `${TAKEDOWN_TITLE}${name ? `: ${name}` : ''}.${reason ? ` Reason: ${reason}` : ''}`,
      path: '/publish',
      artUrl: null,
    };
  }
  const idPath = n.id_track ? `/tracks/${n.id_track.id}` : '/';
  if (n.kind === 'release' && n.release) {
    const t = n.release.track_meta;
    const set = n.release.set_meta.set_name;
    return {
      text: `${t.artist} – ${t.title} is out${t.release_date ? ` (released ${t.release_date})` : ''}: the ID you waited for${set ? `, first heard in ${set}` : ''}.`,
      path: `/tracks/${t.id}`,
      artUrl: t.art_url_xl,
    };
  }
  const names = n.proposal?.names;
  const named = names ? proposalTitle(names) : 'a track';
  const art = names?.track_meta?.art_url_sm ?? null;
  const which = fromSet(n);
  switch (n.kind) {
    case 'identified':
      return {
        text: `${capitalise(which)} you watch was identified as ${named} (unreleased).`,
        path: idPath,
        artUrl: art,
      };
    case 'proposal_accepted':
      return { text: `Your suggestion ${named} for ${which} was accepted.`, path: idPath, artUrl: art };
    default:
      return {
        text: `${n.proposal?.author.username ?? 'Someone'} suggested ${named} for ${which} you watch.`,
        path: idPath,
        artUrl: art,
      };
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
