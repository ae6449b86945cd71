// While a set plays, the tab's title names what plays: '▶ Artist – Title · Set name' (the set's artist
// when no set track plays at the position). Paused or stopped, the page's own title comes back.
// Pages set their titles as they are shown (even while a set plays), so the page title in force is
// watched and kept, and the playing title is put back over it.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { SetTrack } from '@cratedig/contract/set';
import { useEffect } from 'react';
import { trackDisplayTitle } from '../../lib/track-title';
import { usePlayerState } from './player-context';

const PLAYING_MARK = '▶ ';

export function playingTitle(set: SetDetail, track: SetTrack | null): string {
  const meta = track?.track_meta;
  const who = meta ? `${meta.artist} – ${trackDisplayTitle(meta)}` : set.artist;
  return `${PLAYING_MARK}${who} · ${set.set_name}`;
}

export function usePlayingTitle() {
  const title = usePlayerState((state) =>
    state.playing && state.set ? playingTitle(state.set, state.track) : null,
  );

  useEffect(() => {
    if (title === null) return;
    let pageTitle = document.title;
    document.title = title;
    // A page shown meanwhile sets its title: remember it for later, and show the playing one again.
    const observer = new MutationObserver(() => {
      if (document.title === title) return;
      // A page that restores the title it found may hand back an older playing title: not a page's.
      if (!document.title.startsWith(PLAYING_MARK)) pageTitle = document.title;
      document.title = title;
    });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = pageTitle;
    };
  }, [title]);
}
