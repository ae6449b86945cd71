// The suggestion form's first field: type an artist or a title, pick the track from the catalogue
// (the search call the top bar uses). IDs are not offered: an ID cannot name another ID.
import type { TrackHit } from '@cratedig/contract/search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { Artwork } from '../../components/artwork';
import { trackDisplayTitle } from '../../lib/track-title';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchText, trackPickerOptions } from '../search';

export function trackLine(track: Pick<TrackHit, 'artist' | 'title' | 'mix_type' | 'mix_meta'>): string {
  return `${track.artist} – ${trackDisplayTitle(track)}`;
}

export function TrackPicker({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: TrackHit | null;
  onChange: (track: TrackHit | null) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { transport } = useApi();
  const [typed, setTyped] = useState('');
  const s = useDebouncedValue(searchText(typed), 200, '');
  const found = useQuery(trackPickerOptions(transport, s));
  const options = (s === '' ? [] : (found.data ?? [])).filter((track) => track.mix_type !== 'ID');
  return (
    <Autocomplete<TrackHit>
      value={value}
      onChange={(_, track) => onChange(track)}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={trackLine}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={found.isFetching}
      noOptionsText={s === '' ? 'Type an artist or a title' : 'No track in the catalogue matches'}
      loadingText="Searching the catalogue…"
      renderOption={({ key, ...props }, track) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Artwork src={track.art_url_sm} size={40} radius={1} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {trackDisplayTitle(track)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[track.artist, track.label_name].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Find it in the catalogue"
          placeholder="Artist or title"
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? 'Pick the track if Cratedig knows it already.'}
        />
      )}
    />
  );
}
