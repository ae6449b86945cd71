import type { SetMeta } from '@cratedig/contract/set';
import { plural } from '../../lib/format';
import { useUnnamedFound } from '../fingerprints';

/**
 * 'Identified Tracks: confirmed/total'. The total counts the tracks Cratedig heard where the
 * tracklist names nothing: a set whose six listed tracks are named but holds a seventh nobody listed
 * is not fully identified.
 */
export function IdentifiedTracks({
  set,
}: {
  set: Pick<SetMeta, 'id' | 'track_count' | 'track_confirmed_count'>;
}) {
  const unnamed = useUnnamedFound(set.id);
  const total = set.track_count + unnamed;
  return (
    <span
      title={
        unnamed > 0
          ? `Including ${plural(unnamed, 'track')} Cratedig heard that the tracklist does not name`
          : undefined
      }
    >
      Identified Tracks: {set.track_confirmed_count}/{total}
    </span>
  );
}
