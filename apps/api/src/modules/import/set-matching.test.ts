// Which set a file is: names that differ only by symbols are different sets, and the run's report
// says which file was taken as a set already in the catalogue, or as another file's set.
import { describe, expect, it } from 'vitest';
import { useImportBed } from '../../test/import-bed';
import { writeMp3, writeText } from '../../test/import-fixtures';

const bed = useImportBed('cratedig-set-matching-');

function writeSet(file: string, title: string): void {
  writeText(
    `${bed.dir}/${file}.txt`,
    [
      `Title: ${title}`,
      'Artist: Nora Vale',
      'Date: 2024-03-02',
      'Genre: Techno',
      '',
      '00:00 Ada Holm - First Light',
    ].join('\n'),
  );
  writeMp3(`${bed.dir}/${file}.mp3`, 120);
}

describe('sets of one run', () => {
  it('keeps names that differ only by symbols apart, and says which file is which set', async () => {
    writeSet('plus', 'Mix speed+2');
    writeSet('minus', 'Mix speed-2');
    writeSet('again', 'MIX  speed+2');
    const first = await bed.run(['plus.txt', 'minus.txt', 'again.txt']);
    expect(first.err).toEqual([]);
    expect(first.out.join('\n')).toContain('created: 2 sets');
    expect(first.out).toContain(
      "again.txt: the set 'MIX  speed+2' (2024-03-02) is the same as plus.txt's: imported once",
    );

    const second = await bed.run(['minus.txt']);
    expect(second.out.join('\n')).toContain('created: 0 sets');
    expect(second.out.join('\n')).toContain('matched existing: 1 sets');
    expect(second.out.join('\n')).toMatch(
      /minus\.txt: the set 'Mix speed-2' \(2024-03-02\) is already in the catalogue \(set \d+\): left as it is/,
    );
  });
});
