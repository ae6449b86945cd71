// How a copy was played, after a match's times: ' · played 8 % slower, key locked'. Each half keeps
// its words together, so a narrow row breaks only between them ('key' never ends a line alone).
import { speedNote } from './found-messages';

const together = { whiteSpace: 'nowrap' } as const;

export function SpeedNote({ speed, keyLocked }: { speed: number; keyLocked: boolean }) {
  const note = speedNote(speed, keyLocked);
  if (!note) return null;
  const [played, locked] = note.split(', ');
  return (
    <>
      {' · '}
      <span style={together}>{locked ? `${played},` : played}</span>
      {locked && (
        <>
          {' '}
          <span style={together}>{locked}</span>
        </>
      )}
    </>
  );
}
