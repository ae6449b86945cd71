import { SEARCH_DEBOUNCE_MS } from '@cratedig/contract/constants';
import { SEARCH_QUERY_MAX } from '@cratedig/contract/search-limits';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { searchText } from './search-api';
import { SearchResults } from './search-results';

/**
 * docs/search.md: the box is prefilled from ?s=, and what is typed goes back into ?s= 500 ms after the
 * last keystroke, replacing the history entry (reload and Back keep working, and Back leaves the
 * page instead of stepping through every letter). The results follow ?s=; an emptied box clears them
 * at once.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('s') ?? '';
  const [text, setText] = useState(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // ?s= changed from outside (a top-bar search while here, Back/Forward): show it in the box, and drop
  // a pending commit of what was typed before, which would overwrite it.
  const [seen, setSeen] = useState(fromUrl);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    setText(fromUrl);
    clearTimeout(timer.current);
  }
  const query = searchText(fromUrl);
  useEffect(() => () => clearTimeout(timer.current), []);
  useDocumentTitle('Search');

  function commit(value: string) {
    setSeen(value);
    setParams(value.trim() ? { s: value } : {}, { replace: true });
  }

  function type(value: string) {
    setText(value);
    clearTimeout(timer.current);
    if (!value.trim()) commit('');
    else timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  }

  return (
    <>
      <PageBanner
        overline="Search"
        title="Search"
        subtitle="Find tracks, labels, artists, and sets from all over the world."
      >
        <TextField
          value={text}
          onChange={(event) => type(event.target.value)}
          placeholder="Search for tracks, labels, artists, and sets"
          fullWidth
          sx={{ mt: 3, maxWidth: 640 }}
          slotProps={{
            htmlInput: {
              'aria-label': 'Search for tracks, labels, artists, and sets',
              maxLength: SEARCH_QUERY_MAX,
              enterKeyHint: 'search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton aria-label="Clear search" onClick={() => type('')} edge="end">
                    <ClearIcon />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
      </PageBanner>
      {query && <SearchResults s={query} />}
    </>
  );
}
