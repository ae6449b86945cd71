// "Suggest what this is": pick the track from the catalogue, or, when Cratedig does not know it,
// describe it (artist, title, optional mix name, label and a link to a store or a public upload).
// Every refusal of the server is said plainly: a duplicate points at the suggestion to vote on, the
// rate limit says when to try again, a bad field says what is wrong with it.
import { IDENTIFICATION_LIMITS } from '@cratedig/contract/constants';
import type { CreateIdentificationBody } from '@cratedig/contract/identifications-api';
import type { TrackHit } from '@cratedig/contract/search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { type ApiError, isApiError } from '../../api/api-error';
import { colors } from '../../lib/design-tokens';
import { enqueueSnackbar } from '../../lib/toast';
import { IDENTIFICATION_MESSAGES, refusalMessage } from './identification-messages';
import { usePropose } from './propose-api';
import { TrackPicker } from './track-picker';

type Field = 'artist' | 'title' | 'mix_name' | 'label_name' | 'url';
type Description = Record<Field, string>;
type FieldErrors = Partial<Record<Field | 'track_meta_id', string>>;

const EMPTY: Description = { artist: '', title: '', mix_name: '', label_name: '', url: '' };
const L = IDENTIFICATION_LIMITS;
const FIELDS: { key: Field; label: string; max: number; required?: boolean; help?: string }[] = [
  { key: 'artist', label: 'Artist', max: L.artistMax, required: true },
  { key: 'title', label: 'Title', max: L.titleMax, required: true },
  { key: 'mix_name', label: 'Mix name', max: L.mixNameMax, help: 'Optional, e.g. Extended Mix' },
  { key: 'label_name', label: 'Label', max: L.labelNameMax, help: 'Optional' },
  { key: 'url', label: 'Link', max: L.urlMax, help: 'Optional: a store page or a public upload' },
];

/** The same rules as the server's, checked before sending so a slip is fixed without a round trip. */
export function describeErrors(form: Description): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const value = form[field.key].trim();
    if (field.required && value === '') errors[field.key] = `${field.label} is required`;
    else if (value.length > field.max) errors[field.key] = `At most ${field.max} characters`;
  }
  const url = form.url.trim();
  if (url && !/^https?:\/\/[^\s]+$/i.test(url)) errors.url = 'A link starts with http:// or https://';
  return errors;
}

function bodyOf(picked: TrackHit | null, form: Description): CreateIdentificationBody {
  if (picked) return { track_meta_id: picked.id };
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    artist: form.artist.trim(),
    title: form.title.trim(),
    mix_name: optional(form.mix_name),
    label_name: optional(form.label_name),
    url: optional(form.url),
  };
}

/** The server's field messages (errors.json) by field. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const json = (error.errors as { json?: Record<string, string[]> } | undefined)?.json ?? {};
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(json)) {
    if (messages[0]) out[key as keyof FieldErrors] = messages[0];
  }
  return out;
}

export function SuggestForm({
  trackId,
  onDone,
  onShowProposal,
}: {
  trackId: number;
  onDone: () => void;
  /** Brings the suggestion `id` into view (a duplicate's way out). */
  onShowProposal: (id: number) => void;
}) {
  const propose = usePropose(trackId);
  const [picked, setPicked] = useState<TrackHit | null>(null);
  const [describing, setDescribing] = useState(false);
  const [form, setForm] = useState<Description>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<{ message: string; duplicateOf?: number } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    setRefusal(null);
    if (!picked && !describing) {
      setErrors({ track_meta_id: 'Pick a track, or describe it below' });
      return;
    }
    const found = picked ? {} : describeErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    propose.mutate(bodyOf(picked, form), {
      onSuccess: () => {
        enqueueSnackbar(IDENTIFICATION_MESSAGES.proposed, { variant: 'success' });
        onDone();
      },
      onError: (error) => {
        const duplicateOf = isApiError(error) && error.status === 409 ? duplicateId(error) : undefined;
        if (duplicateOf !== undefined) {
          setRefusal({ message: IDENTIFICATION_MESSAGES.duplicate, duplicateOf });
          return;
        }
        const fields = serverFieldErrors(error);
        setErrors(fields);
        setRefusal({ message: refusalMessage(error, 'suggest') });
      },
    });
  };

  const set = (key: Field, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Suggest what this is"
      sx={{
        display: 'grid',
        gap: 2,
        p: { xs: 2, sm: 2.5 },
        borderRadius: 4,
        border: `1px solid rgba(198, 255, 58, 0.3)`,
        background: colors.surface1,
      }}
    >
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        Suggest what this is
      </Typography>
      {refusal && (
        <Alert
          severity={refusal.duplicateOf ? 'info' : 'error'}
          action={
            refusal.duplicateOf !== undefined ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => refusal.duplicateOf !== undefined && onShowProposal(refusal.duplicateOf)}
              >
                Show it
              </Button>
            ) : undefined
          }
        >
          {refusal.message}
        </Alert>
      )}
      {!describing && (
        <TrackPicker
          value={picked}
          onChange={(track) => {
            setPicked(track);
            setErrors({});
          }}
          error={errors.track_meta_id}
          autoFocus
        />
      )}
      {describing ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              value={form[field.key]}
              onChange={(event) => set(field.key, event.target.value)}
              required={field.required}
              autoFocus={field.key === 'artist'}
              type={field.key === 'url' ? 'url' : 'text'}
              error={Boolean(errors[field.key])}
              helperText={errors[field.key] ?? field.help}
              slotProps={{ htmlInput: { maxLength: field.max + 1 } }}
              sx={field.key === 'url' ? { gridColumn: { sm: '1 / -1' } } : undefined}
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          color="inherit"
          onClick={() => {
            setDescribing((was) => !was);
            setPicked(null);
            setErrors({});
            setRefusal(null);
          }}
          sx={{ color: 'text.secondary', mr: 'auto', textAlign: 'left' }}
        >
          {describing ? 'Pick it from the catalogue instead' : 'Not in the catalogue? Describe it'}
        </Button>
        <Button color="inherit" onClick={onDone} disabled={propose.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={propose.isPending}
          startIcon={
            propose.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
          }
          sx={{ fontWeight: 700 }}
        >
          Suggest
        </Button>
      </Box>
    </Box>
  );
}

/** The open suggestion a 409 names (the body's identification_id). */
function duplicateId(error: ApiError): number | undefined {
  const id = error.body?.identification_id;
  return typeof id === 'number' ? id : undefined;
}
