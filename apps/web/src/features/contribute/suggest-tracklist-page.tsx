// /sets/{id}/tracklist: a listener pastes the tracklist they have for a set (1001Tracklists, a YouTube
// description, their own notes), previews what each line would become, and sends the lines that name
// the set's IDs as suggestions for the crowd to vote on. Nothing in the catalogue changes directly.
import { TRACKLIST_PASTE } from '@cratedig/contract/contribute-limits';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import { DetailUnavailable } from '../../components/not-found';
import { colors } from '../../lib/design-tokens';
import { formatNumber, plural } from '../../lib/format';
import { detailOptions } from '../../lib/paged-query';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { PreviewLines } from './preview-lines';
import { SubmittedPanel } from './submitted-panel';
import { openIdCount } from './suggest-tracklist-link';
import { usePreviewTracklist, useSubmitTracklist } from './tracklist-api';
import { refusalOf } from './tracklist-messages';

const EXAMPLE =
  '[00:00] Artist - Title\n[04:12] Artist feat. Singer - Title (Remixer Remix) [Label]\n08:40 | Artist - ID';

export function SuggestTracklistPage() {
  const id = useRouteId();
  const { transport } = useApi();
  const { data: set, isError } = useQuery({
    ...detailOptions(apiClient(transport).sets.detail, { id }),
    enabled: id > 0,
  });
  usePageMeta(set ? `Suggest a tracklist for ${set.set_name}` : null, null);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const preview = usePreviewTracklist(id);
  const submit = useSubmitTracklist(id);

  useEffect(() => {
    if (submit.data) document.getElementById('tracklist-sent-title')?.focus();
  }, [submit.data]);

  if (isError || id === 0) return <DetailUnavailable kind="set" listPath="/sets" />;

  const openIds = set ? openIdCount(set) : 0;
  const lines = text.split(/\r\n|\r|\n/).length;
  const tooLong = text.length > TRACKLIST_PASTE.maxChars || lines > TRACKLIST_PASTE.maxLines;
  const shown = preview.data;
  const suggestions = shown?.counts.suggestion ?? 0;
  const problems = shown?.counts.problem ?? 0;
  const refusal = preview.error ?? submit.error;

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setEmpty(true);
      return;
    }
    if (tooLong || preview.isPending) return;
    submit.reset();
    preview.mutate(text);
  };

  const onChange = (value: string) => {
    setText(value);
    setEmpty(false);
    // A preview of another text would be misleading.
    if (preview.data || preview.error) preview.reset();
    if (submit.error) submit.reset();
  };

  const again = () => {
    submit.reset();
    preview.reset();
    setText('');
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Box component="header" sx={{ display: 'grid', gap: 1 }}>
        <Link
          component={RouterLink}
          to={`/sets/${id}`}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            width: 'fit-content',
            color: 'text.secondary',
          }}
        >
          <ArrowBackRounded fontSize="small" aria-hidden />
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {set ? set.set_name : 'Back to the set'}
          </Box>
        </Link>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.25rem' } }}
        >
          Suggest a tracklist
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          Paste the tracklist you have for this set: from 1001Tracklists, a YouTube description or your own
          notes. Lines that name one of its IDs become suggestions other listeners vote on; the set itself
          changes only when they agree.
        </Typography>
        {set && (
          <Typography
            variant="body2"
            sx={{ color: openIds > 0 ? colors.acid : 'text.secondary', fontWeight: 600 }}
          >
            {openIds > 0
              ? `${plural(openIds, 'ID')} in this set waiting for a name`
              : 'Every ID in this set is already named'}
          </Typography>
        )}
      </Box>

      {submit.data ? (
        <SubmittedPanel submission={submit.data} preview={shown} onAnother={again} />
      ) : (
        <>
          <Box
            component="form"
            noValidate
            onSubmit={onPreview}
            aria-label="Paste a tracklist"
            sx={{
              display: 'grid',
              gap: 2,
              p: { xs: 2, sm: 3 },
              borderRadius: 4,
              border: `1px solid ${colors.line}`,
              backgroundColor: colors.surface1,
            }}
          >
            <TextField
              label="Tracklist"
              multiline
              minRows={8}
              maxRows={22}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              placeholder={EXAMPLE}
              error={empty || tooLong}
              helperText={
                empty
                  ? 'Paste a tracklist first: one track a line.'
                  : tooLong
                    ? `Too long: at most ${formatNumber(TRACKLIST_PASTE.maxLines)} lines and ${formatNumber(TRACKLIST_PASTE.maxChars)} characters.`
                    : 'One track a line, with its time if you have it: 12:34 Artist - Title (Remix) [Label].'
              }
              slotProps={{
                htmlInput: { spellCheck: false, 'aria-describedby': 'tracklist-counter' },
                input: {
                  sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9rem' },
                },
              }}
            />
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography id="tracklist-counter" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
                {text === ''
                  ? 'Nothing pasted yet'
                  : `${plural(lines, 'line')} · ${formatNumber(text.length)} characters`}
              </Typography>
              <Button type="submit" variant={shown ? 'outlined' : 'contained'} disabled={preview.isPending}>
                {preview.isPending ? (
                  <CircularProgress size={18} aria-label="Reading the tracklist" />
                ) : (
                  'Preview'
                )}
              </Button>
              {shown && (
                <Button
                  variant="contained"
                  disabled={suggestions === 0 || problems > 0 || submit.isPending}
                  onClick={() => submit.mutate(text)}
                >
                  {submit.isPending ? (
                    <CircularProgress size={18} aria-label="Sending" />
                  ) : suggestions > 0 ? (
                    `Send ${plural(suggestions, 'suggestion')}`
                  ) : (
                    'Nothing to send'
                  )}
                </Button>
              )}
            </Box>
          </Box>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusalOf(refusal).message}
              {refusalOf(refusal).details.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {refusalOf(refusal).details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          {shown && problems > 0 && (
            <Alert severity="warning">
              {problems === shown.lines.length
                ? 'None of these lines can be read as a track. Each line needs an artist and a title: 12:34 Artist - Title.'
                : `Correct the ${plural(problems, 'line')} marked as a problem, then preview again to send your suggestions.`}
            </Alert>
          )}
          {shown && problems === 0 && suggestions === 0 && (
            <Alert severity="info">
              No line names one of this set's IDs differently, so there is nothing to suggest.
            </Alert>
          )}
          {shown && <PreviewLines preview={shown} />}
        </>
      )}
    </Box>
  );
}
