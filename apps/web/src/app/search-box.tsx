import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { colors } from '../lib/design-tokens';

/** spec §2 top bar: Enter or the icon goes to /search?s={text} and clears; empty text does nothing. */
export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/search?${new URLSearchParams({ s: query })}`);
    setText('');
  }

  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flex: 1,
        minWidth: 0,
        maxWidth: 440,
        height: 42,
        pl: 2,
        pr: 0.5,
        borderRadius: 999,
        bgcolor: colors.surface2,
        border: `1px solid ${colors.line}`,
        transition: 'border-color 150ms ease, background-color 150ms ease',
        '&:focus-within': { borderColor: colors.acid, bgcolor: colors.surface3 },
      }}
    >
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search sets, tracks, artists…"
        inputProps={{ 'aria-label': 'Search', enterKeyHint: 'search' }}
        sx={{ flex: 1, minWidth: 0, fontSize: '0.95rem', '& input:focus-visible': { outline: 'none' } }}
      />
      <IconButton type="submit" size="small" aria-label="Search" sx={{ color: 'text.secondary' }}>
        <SearchIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
