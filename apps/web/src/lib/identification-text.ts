// How an ID's naming reads, wherever it shows (the ID's page, a set's track list, the bell, the
// profile): what a proposal names, and the ID's state in words.
import type { ProposalNames, TrackIdentification } from '@cratedig/contract/identification';
import type { TrackRelease } from '@cratedig/contract/track';
import { formatNumber } from './format';

/** The artist line and title a proposal names (a catalogue track's own, or the description's). */
export function proposalParts(names: ProposalNames): { artist: string; title: string; mix: string | null } {
  const track = names.track_meta;
  if (track) return { artist: track.artist, title: track.title, mix: track.mix_name };
  return { artist: names.artist ?? '', title: names.title ?? '', mix: names.mix_name };
}

/** 'Artist – Title (Mix)'; the mix only when there is one. */
export function proposalLine(names: ProposalNames): string {
  const { artist, title, mix } = proposalParts(names);
  return `${artist} – ${title}${mix ? ` (${mix})` : ''}`;
}

/** '3 suggestions', '1 suggestion'. */
export function suggestionCount(count: number): string {
  return count === 1 ? '1 suggestion' : `${formatNumber(count)} suggestions`;
}

/**
 * The ID's state in words: 'Nobody has suggested what this is yet', '3 suggestions', 'Identified as
 * Artist – Title (unreleased)', 'Released as Artist – Title'. A track that is not an ID has none.
 */
export function idStateLine(
  identification: TrackIdentification | null | undefined,
  release?: Pick<TrackRelease, 'artist' | 'title'> | null,
): string | null {
  if (release) return `Released as ${release.artist} – ${release.title}`;
  if (!identification) return null;
  switch (identification.status) {
    case 'released':
    case 'identified': {
      const accepted = identification.accepted;
      if (!accepted) return identification.status === 'released' ? 'Released' : 'Identified';
      const line = proposalLine(accepted.proposal);
      return identification.status === 'released'
        ? `Released as ${line}`
        : `Identified as ${line} (unreleased)`;
    }
    case 'proposed':
      return identification.open_count > 0
        ? suggestionCount(identification.open_count)
        : 'Nobody has suggested what this is yet';
    default:
      return 'Nobody has suggested what this is yet';
  }
}
