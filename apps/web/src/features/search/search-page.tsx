import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

// spec §2 Search: the text, and a box prefilled from ?s with a clear button. Results come with the
// search issue.
export function SearchPage() {
  const [params] = useSearchParams();
  const initial = params.get('s') ?? '';
  const [text, setText] = useState(initial);
  // A new top-bar search while already on this page changes ?s: follow it.
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setText(initial);
  }
  useDocumentTitle('Search');

  return (
    <PageBanner
      overline="Search"
      title="Search"
      subtitle="Find tracks, labels, artists, and sets from all over the world."
    >
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search for tracks, labels, artists, and sets"
        fullWidth
        sx={{ mt: 3, maxWidth: 640 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search for tracks, labels, artists, and sets' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" onClick={() => setText('')} edge="end">
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
        }}
      />
    </PageBanner>
  );
}
