// The details a set is published with (docs/publishing.md): name, DJs, recorded date, genre, festival
// or venue, artwork and tracklist, with a live preview of what the tracklist becomes. On /publish it
// saves by itself a moment after each change once the required fields are there (a draft keeps its
// details while the audio uploads); on a published set's page (mode 'edit') it saves on "Save
// changes", and the change applies at once. The server's field errors (422) show at their fields.
import { GENRES } from '@cratedig/contract/constants';
import { TRACKLIST_PASTE } from '@cratedig/contract/contribute-limits';
import {
  type DraftDetails,
  formatBytes,
  type MySet,
  PUBLISH_LIMITS,
  type PublishDetails,
  publishDetails,
} from '@cratedig/contract/publish-api';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { Artwork } from '../../components/artwork';
import { colors } from '../../lib/design-tokens';
import { formatNumber, plural } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { DraftTracklistPreviewTable } from './draft-tracklist-preview';
import { putArtwork, rememberDraft, usePreviewDraftTracklist, useSaveDetails } from './publish-api';
import { PUBLISH_TEXT } from './publish-messages';

const AUTOSAVE_MS = 1_200;
const PREVIEW_MS = 700;

export interface DetailValues {
  set_name: string;
  djs: string[];
  recorded_date: string;
  genre: string;
  festival: string;
  venue: string;
  tracklist: string;
}

type Field = keyof DetailValues;
type Errors = Partial<Record<Field, string>>;

export function valuesOf(details: DraftDetails | null | undefined): DetailValues {
  return {
    set_name: details?.set_name ?? '',
    djs: details?.djs ?? [],
    recorded_date: details?.recorded_date ?? '',
    genre: details?.genre ?? '',
    festival: details?.festival ?? '',
    venue: details?.venue ?? '',
    tracklist: details?.tracklist ?? '',
  };
}

/** The values as the contract reads them, or the first message of each field that is wrong. */
export function checkValues(values: DetailValues): { details: PublishDetails } | { errors: Errors } {
  const parsed = publishDetails.safeParse({ ...values, genre: values.genre === '' ? null : values.genre });
  if (parsed.success) return { details: parsed.data };
  const errors: Errors = {};
  for (const problem of parsed.error.issues) {
    const field = problem.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = problem.message;
  }
  return { errors };
}

function serverErrors(error: unknown): Errors {
  const json = isApiError(error) ? error.errors?.json : undefined;
  if (!json) return {};
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(json)) {
    const key = field.split('.')[0] as Field;
    if (messages[0] && !errors[key]) errors[key] = messages[0];
  }
  return errors;
}

/** Artist names like the typed text, from the catalogue's search, for the DJs field. */
function useArtistSuggestions(text: string) {
  const { transport } = useApi();
  const s = useDebouncedValue(text.trim(), 300);
  const { data } = useQuery({
    queryKey: ['publish', 'artist-names', s],
    queryFn: ({ signal }) =>
      apiClient(transport).search.find({ query: { s, kinds: 'artists', limit: 6 }, signal }),
    enabled: s.length >= 2,
    staleTime: 5 * 60_000,
  });
  return s.length >= 2 ? (data?.artists?.data ?? []).map((artist) => artist.name) : [];
}

function DjsField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string[];
  onChange: (djs: string[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const suggestions = useArtistSuggestions(text);
  const full = value.length >= PUBLISH_LIMITS.djsMax;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={suggestions.filter((name) => !value.includes(name))}
      filterOptions={(options) => options}
      value={value}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, next) => {
        const names = [...new Set(next.map((name) => name.trim()).filter(Boolean))];
        onChange(names.slice(0, PUBLISH_LIMITS.djsMax));
      }}
      onBlur={() => {
        // A name typed but not confirmed with Enter still counts.
        const typed = text.trim();
        if (typed && !full && !value.includes(typed)) onChange([...value, typed]);
        setText('');
        onBlur();
      }}
      renderValue={(names, getItemProps) =>
        names.map((name, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} label={name} size="small" {...item} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="DJs"
          required
          placeholder={full ? undefined : value.length === 0 ? 'Type a name, then Enter' : 'Add b2b partner'}
          error={Boolean(error)}
          helperText={error ?? `Up to ${PUBLISH_LIMITS.djsMax}, in billing order.`}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, disabled: full } }}
        />
      )}
    />
  );
}

/** Reads a picture's size in pixels, where the browser can. */
async function pictureSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

function ArtworkField({ id, artUrl, name }: { id: string | null; artUrl: string | null; name: string }) {
  const { tokens } = useApi();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(artUrl);
  useEffect(() => setShown(artUrl), [artUrl]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !id) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(PUBLISH_TEXT.artworkNotImage);
    if (file.size > PUBLISH_LIMITS.artMaxBytes)
      return setError(PUBLISH_TEXT.artworkTooBig(formatBytes(PUBLISH_LIMITS.artMaxBytes)));
    const size = await pictureSize(file);
    if (size && Math.min(size.width, size.height) < PUBLISH_LIMITS.artMinPx)
      return setError(PUBLISH_TEXT.artworkTooSmall(PUBLISH_LIMITS.artMinPx));
    setBusy(true);
    try {
      const draft = await putArtwork(tokens, id, file);
      rememberDraft(client, draft);
      setShown(draft.art_url_xl);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The picture could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        {shown ? (
          <Artwork src={shown} alt={`Artwork of ${name || 'this set'}`} size={96} radius={2} eager />
        ) : (
          <Box
            aria-hidden
            sx={{
              width: 96,
              height: 96,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              border: `1px dashed ${colors.line}`,
              background: `linear-gradient(135deg, ${colors.surface3}, ${colors.surface1})`,
            }}
          >
            <ImageOutlined sx={{ color: colors.textMuted }} />
          </Box>
        )}
        {busy && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(0,0,0,0.5)',
              borderRadius: 2,
            }}
          >
            <CircularProgress size={24} aria-label="Sending the picture" />
          </Box>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>Artwork</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Square works best, at least {PUBLISH_LIMITS.artMinPx} px, up to{' '}
          {formatBytes(PUBLISH_LIMITS.artMaxBytes)}.
        </Typography>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={!id || busy}
          onClick={() => input.current?.click()}
          sx={{ borderColor: colors.line }}
        >
          {shown ? 'Change picture' : 'Choose a picture'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="artwork-input"
          onChange={onFile}
        />
        {error && (
          <Typography role="alert" variant="body2" sx={{ color: colors.danger, mt: 0.75 }}>
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function TracklistField({
  id,
  value,
  onChange,
  error,
}: {
  id: string | null;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
}) {
  const cueInput = useRef<HTMLInputElement>(null);
  const preview = usePreviewDraftTracklist(id ?? '');
  const settled = useDebouncedValue(value, PREVIEW_MS, '');
  const [cueError, setCueError] = useState<string | null>(null);
  const { mutate, reset } = preview;

  useEffect(() => {
    if (!id || settled.trim() === '' || settled.length > TRACKLIST_PASTE.maxChars) {
      reset();
      return;
    }
    const controller = new AbortController();
    mutate({ tracklist: settled, signal: controller.signal });
    return () => controller.abort();
  }, [id, settled, mutate, reset]);

  async function onCue(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCueError(null);
    if (file.size > TRACKLIST_PASTE.maxChars * 4) {
      setCueError('This file is too large to be a CUE sheet.');
      return;
    }
    const text = await file.text();
    if (!/^\s*(REM|PERFORMER|TITLE|FILE|TRACK)\b/im.test(text)) {
      setCueError('This is not a CUE sheet: it names no FILE or TRACK.');
      return;
    }
    onChange(text.replace(/\r\n?/g, '\n'));
  }

  const lines = value === '' ? 0 : value.split('\n').length;
  const shown = preview.data && value.trim() !== '' ? preview.data : null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Tracklist"
        multiline
        minRows={6}
        maxRows={18}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={'00:00 Artist - Title\n04:12 Artist - Title (Remixer Remix) [Label]\n08:40 ID - ID'}
        error={Boolean(error)}
        helperText={
          error ??
          'One track a line, with its time if you have it, or load the CUE sheet your DJ software wrote.'
        }
        slotProps={{
          htmlInput: { spellCheck: false },
          input: {
            sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.875rem' },
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<FileUploadOutlined />}
          onClick={() => cueInput.current?.click()}
          sx={{ borderColor: colors.line }}
        >
          Load a CUE file
        </Button>
        <input
          ref={cueInput}
          type="file"
          accept=".cue,application/x-cue,text/plain"
          hidden
          data-testid="cue-input"
          onChange={onCue}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {lines === 0
            ? 'No tracklist yet'
            : `${plural(lines, 'line')} · ${formatNumber(value.length)} characters`}
        </Typography>
        {preview.isPending && <CircularProgress size={16} aria-label="Reading the tracklist" />}
      </Box>
      {cueError && (
        <Typography role="alert" variant="body2" sx={{ color: colors.danger }}>
          {cueError}
        </Typography>
      )}
      {preview.error && !preview.isPending && (
        <Typography role="alert" variant="body2" sx={{ color: colors.danger }}>
          {isApiError(preview.error) ? preview.error.message : 'The tracklist could not be read.'}
        </Typography>
      )}
      {shown && <DraftTracklistPreviewTable preview={shown} busy={preview.isPending} />}
    </Box>
  );
}

export interface DetailsFormProps {
  /** The draft's id; null until the upload has one (nothing is saved before). */
  id: string | null;
  initial: DraftDetails | null;
  artUrl: string | null;
  /** 'draft' saves by itself; 'edit' (a published set) saves on Save changes. */
  mode: 'draft' | 'edit';
  onSaved?: (draft: MySet) => void;
  onCancel?: () => void;
}

/**
 * A draft's details can only be saved whole (name, DJs and date at least): what is typed before that
 * is kept in this browser, so a reload or a second visit finds it, and forgotten once saved.
 */
const KEPT_PREFIX = 'cratedig:draft-details:';

function keptValues(id: string | null): DetailValues | null {
  if (!id) return null;
  try {
    const text = window.localStorage.getItem(KEPT_PREFIX + id);
    return text ? { ...valuesOf(null), ...(JSON.parse(text) as Partial<DetailValues>) } : null;
  } catch {
    return null;
  }
}

function keep(id: string, values: DetailValues | null) {
  try {
    if (values) window.localStorage.setItem(KEPT_PREFIX + id, JSON.stringify(values));
    else window.localStorage.removeItem(KEPT_PREFIX + id);
  } catch {
    // private mode or full: the form still works, it only forgets on reload
  }
}

export function DetailsForm({ id, initial, artUrl, mode, onSaved, onCancel }: DetailsFormProps) {
  const formId = useId();
  const [values, setValues] = useState<DetailValues>(
    () => (mode === 'draft' ? keptValues(id) : null) ?? valuesOf(initial),
  );
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [dirty, setDirty] = useState(false);
  const save = useSaveDetails(id ?? '');
  const checked = checkValues(values);
  const clientErrors = 'errors' in checked ? checked.errors : {};
  const fromServer = serverErrors(save.error);
  const errorOf = (field: Field) =>
    fromServer[field] ?? (tried || touched[field] ? clientErrors[field] : undefined);
  const settled = useDebouncedValue(values, AUTOSAVE_MS);
  const { mutate } = save;

  const set = <F extends Field>(field: F, value: DetailValues[F]) => {
    setValues((now) => ({ ...now, [field]: value }));
    setDirty(true);
  };
  const blur = (field: Field) => setTouched((now) => ({ ...now, [field]: true }));

  // A draft saves by itself once what it has is valid; until then it is kept in the browser.
  useEffect(() => {
    if (mode !== 'draft' || !id || !dirty) return;
    const result = checkValues(settled);
    if (!('details' in result)) {
      keep(id, settled);
      return;
    }
    setDirty(false);
    mutate(result.details, { onSuccess: () => keep(id, null) });
  }, [mode, id, dirty, settled, mutate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!id || !('details' in checked)) return;
    setDirty(false);
    save.mutate(checked.details, {
      onSuccess: (draft) => {
        keep(id, null);
        onSaved?.(draft);
      },
    });
  };

  const status = save.isPending
    ? PUBLISH_TEXT.saving
    : 'errors' in checked
      ? PUBLISH_TEXT.savedOnceComplete
      : dirty
        ? PUBLISH_TEXT.notSaved
        : save.isError
          ? null
          : PUBLISH_TEXT.saved;
  const otherError =
    save.error && Object.keys(fromServer).length === 0
      ? isApiError(save.error)
        ? save.error.message
        : 'The details could not be saved.'
      : null;

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      aria-label="Set details"
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        label="Set name"
        required
        value={values.set_name}
        onChange={(event) => set('set_name', event.target.value)}
        onBlur={() => blur('set_name')}
        error={Boolean(errorOf('set_name'))}
        helperText={errorOf('set_name') ?? 'As listeners would search for it: Live at Halle Null, Berlin.'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <DjsField
        value={values.djs}
        onChange={(djs) => set('djs', djs)}
        onBlur={() => blur('djs')}
        error={errorOf('djs')}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Recorded on"
          type="date"
          required
          value={values.recorded_date}
          onChange={(event) => set('recorded_date', event.target.value)}
          onBlur={() => blur('recorded_date')}
          error={Boolean(errorOf('recorded_date'))}
          helperText={errorOf('recorded_date')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: new Date().toISOString().slice(0, 10) },
          }}
        />
        <TextField
          select
          label="Genre"
          value={values.genre}
          onChange={(event) => set('genre', event.target.value)}
          error={Boolean(errorOf('genre'))}
          helperText={errorOf('genre') ?? 'Optional'}
        >
          <MenuItem value="">
            <em>No genre</em>
          </MenuItem>
          {GENRES.map((genre) => (
            <MenuItem key={genre} value={genre}>
              {genre}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Festival"
          value={values.festival}
          onChange={(event) => set('festival', event.target.value)}
          onBlur={() => blur('festival')}
          error={Boolean(errorOf('festival'))}
          helperText={errorOf('festival') ?? 'Optional'}
        />
        <TextField
          label="Venue"
          value={values.venue}
          onChange={(event) => set('venue', event.target.value)}
          onBlur={() => blur('venue')}
          error={Boolean(errorOf('venue'))}
          helperText={errorOf('venue') ?? 'Optional'}
        />
      </Box>
      <ArtworkField id={id} artUrl={artUrl} name={values.set_name} />
      <TracklistField
        id={id}
        value={values.tracklist}
        onChange={(text) => set('tracklist', text)}
        error={errorOf('tracklist')}
      />
      {otherError && (
        <Alert severity="error" role="alert">
          {otherError}
        </Alert>
      )}
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          // In the Edit dialog the buttons stay in reach while the form scrolls.
          ...(mode === 'edit' && {
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            mx: -3,
            px: 3,
            py: 1.5,
            mb: -2.5,
            borderTop: `1px solid ${colors.line}`,
            backgroundColor: 'background.paper',
          }),
        }}
      >
        {mode === 'draft' && status && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto' }}>
            {status}
          </Typography>
        )}
        {onCancel && (
          <Button color="inherit" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant={mode === 'edit' ? 'contained' : 'outlined'}
          disabled={!id || save.isPending}
        >
          {mode === 'edit' ? 'Save changes' : 'Save details'}
        </Button>
      </Box>
    </Box>
  );
}
