import { SEARCH_QUERY_MAX } from '@cratedig/contract/search-limits';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { colors } from '../../lib/design-tokens';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchText, useSuggestions } from './search-api';
import { searchHref, suggestionList } from './suggestions';

// Suggestions follow typing faster than the search page's 500 ms: they are two items a kind, and
// a panel that lags behind the letters feels broken.
const SUGGEST_DEBOUNCE_MS = 250;

const loadPanel = () => import('./suggestion-panel');
const SuggestionPanel = lazy(() => loadPanel().then((m) => ({ default: m.SuggestionPanel })));

/**
 * The top bar's search (docs/search.md): Enter or the icon goes to /search?s={text} and clears; empty text
 * does nothing. While typing, a listbox suggests the best two of each kind (the ARIA combobox
 * pattern): ArrowDown/ArrowUp move, Enter opens the highlighted one, Escape closes; it closes when
 * focus leaves the box or the page changes. The panel's code loads on the box's first focus.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(searchText(text), SUGGEST_DEBOUNCE_MS, '');
  const suggestions = useSuggestions(open ? query : '');
  const expanded = open && query !== '' && searchText(text) !== '';
  const options = expanded ? suggestionList(suggestions.data, text.trim()) : [];
  const words = suggestions.data
    ? [...suggestions.data.query.words, ...suggestions.data.query.corrections]
    : [];

  // New suggestions or a new page: nothing highlighted; a new page closes the panel.
  const [seenQuery, setSeenQuery] = useState(query);
  if (seenQuery !== query) {
    setSeenQuery(query);
    setActive(-1);
  }
  const [seenPage, setSeenPage] = useState(location.key);
  if (seenPage !== location.key) {
    setSeenPage(location.key);
    setOpen(false);
    setActive(-1);
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function go(href: string) {
    navigate(href);
    setText('');
    setOpen(false);
    setActive(-1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    go(searchHref(typed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (current < 0) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const option = options[active];
      if (!option) return;
      event.preventDefault();
      go(option.href);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
      sx={{
        position: { sm: 'relative' },
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
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          void loadPanel();
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search sets, tracks, artists…"
        inputProps={{
          role: 'combobox',
          'aria-label': 'Search',
          'aria-autocomplete': 'list',
          'aria-expanded': expanded,
          'aria-controls': expanded ? listboxId : undefined,
          'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
          autoComplete: 'off',
          enterKeyHint: 'search',
          maxLength: SEARCH_QUERY_MAX,
        }}
        sx={{ flex: 1, minWidth: 0, fontSize: '0.95rem', '& input:focus-visible': { outline: 'none' } }}
      />
      <IconButton type="submit" size="small" aria-label="Search" sx={{ color: 'text.secondary' }}>
        <SearchIcon fontSize="small" />
      </IconButton>
      {expanded && (
        <Suspense fallback={null}>
          <SuggestionPanel
            id={listboxId}
            options={options}
            active={active}
            optionId={optionId}
            words={words}
            loading={suggestions.isFetching && !suggestions.data}
            onPick={(index) => {
              const option = options[index];
              if (option) go(option.href);
            }}
            onHover={setActive}
          />
        </Suspense>
      )}
    </Box>
  );
}
