// /publish (docs/publishing.md): a signed-in listener drops one recording; it goes up by tus while they
// fill in its details; once the last byte is in, processing (probe → rendition) is followed live; then
// Publish makes it a set and opens its page. ?draft={id} re-opens a draft: its details, its progress,
// or, for an upload left unfinished, the same file chosen again carries on where it stopped.
import {
  AUDIO_ACCEPT,
  formatBytes,
  type MySet,
  PROCESSING_STEPS,
  PUBLISH_LIMITS,
  publishMessages,
} from '@cratedig/contract/publish-api';
import AudioFileOutlined from '@mui/icons-material/AudioFileOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import PauseCircleOutlineRounded from '@mui/icons-material/PauseCircleOutlineRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { colors } from '../../lib/design-tokens';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmDialog } from './confirm-dialog';
import { DetailsForm } from './details-form';
import { useLiveUploads } from './live-uploads';
import { Placeholder } from './placeholder';
import { useDraft, usePublishDraft, useRemoveDraft } from './publish-api';
import { bytesText, lengthText, sentText, timeLeftText } from './publish-format';
import { missingLine, PUBLISH_TEXT, STEP_LABELS } from './publish-messages';
import { StateChip } from './state-chip';
import { IDLE_UPLOAD, type UploadState, uploadSession, useUploadState } from './tus-upload';

const card = {
  borderRadius: 4,
  border: `1px solid ${colors.line}`,
  backgroundColor: colors.surface1,
  p: { xs: 2, sm: 3 },
} as const;

function Card({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={card}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem', mr: 'auto' }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Box>
  );
}

/** One audio file, dropped or chosen. */
function DropZone({
  onFile,
  title,
  line,
  error,
}: {
  onFile: (file: File) => void;
  title?: string;
  line?: string;
  error?: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // A phone has nothing to drag from: it is asked to choose.
  const touch = useMediaQuery('(pointer: coarse)');
  const [dropError, setDropError] = useState<string | null>(null);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length !== 1 || !files[0]) {
      setDropError(PUBLISH_TEXT.notOneFile);
      return;
    }
    setDropError(null);
    onFile(files[0]);
  };
  const shownError = dropError ?? error;

  return (
    <Box
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        position: 'relative',
        display: 'grid',
        justifyItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: { xs: 2.5, sm: 6 },
        py: { xs: 5, sm: 8 },
        borderRadius: 4,
        border: `2px dashed ${over ? colors.acid : 'rgba(255, 255, 255, 0.16)'}`,
        background: over
          ? 'rgba(198, 255, 58, 0.06)'
          : `radial-gradient(90% 120% at 50% 0%, rgba(198, 255, 58, 0.08) 0%, transparent 60%), ${colors.surface1}`,
        transition: 'border-color 120ms, background 120ms',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(198, 255, 58, 0.12)',
          color: colors.acid,
        }}
      >
        <CloudUploadOutlined sx={{ fontSize: 36 }} />
      </Box>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
        {title ?? (touch ? PUBLISH_TEXT.chooseTitle : PUBLISH_TEXT.dropTitle)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {line ?? `${PUBLISH_TEXT.dropLine} ${formatBytes(PUBLISH_LIMITS.maxFileBytes)}.`}
      </Typography>
      <Button variant="contained" size="large" onClick={() => input.current?.click()} sx={{ mt: 1 }}>
        {PUBLISH_TEXT.choose}
      </Button>
      <input
        ref={input}
        type="file"
        accept={AUDIO_ACCEPT}
        hidden
        data-testid="audio-input"
        aria-label="Recording"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) {
            setDropError(null);
            onFile(file);
          }
        }}
      />
      {shownError && (
        <Alert severity="error" role="alert" sx={{ mt: 1, textAlign: 'left', maxWidth: 560 }}>
          {shownError}
        </Alert>
      )}
    </Box>
  );
}

const STEPS = [
  {
    title: 'Upload',
    line: 'Up to 4 GB, in the background. A dropped connection or a closed laptop carries on where it stopped.',
  },
  {
    title: 'Describe',
    line: 'Name the set and its DJs while it goes up. Paste a tracklist or load the CUE sheet your DJ software wrote.',
  },
  {
    title: 'Publish',
    line: 'Cratedig makes the stream, listens to the recording and tells you which tracks it recognised.',
  },
] as const;

function HowItWorks() {
  return (
    <Box
      component="ol"
      aria-label="How publishing works"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {STEPS.map((step, index) => (
        <Box component="li" key={step.title} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{
              flexShrink: 0,
              width: 28,
              height: 28,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 800,
              fontSize: '0.85rem',
              color: colors.ink,
              bgcolor: colors.acid,
            }}
          >
            {index + 1}
          </Box>
          <Box>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {step.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {step.line}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Bytes sent of the total, the speed and the time left, with pause, resume and cancel. */
export function UploadProgress({
  state,
  onPause,
  onResume,
  onCancel,
}: {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const percent = state.total > 0 ? (state.sent / state.total) * 100 : 0;
  const paused = state.phase === 'paused';
  const failed = state.phase === 'failed';
  const detail = paused
    ? 'Paused'
    : failed
      ? 'Stopped'
      : [
          state.bytesPerSecond !== null && `${bytesText(state.bytesPerSecond)}/s`,
          state.secondsLeft !== null && timeLeftText(state.secondsLeft),
        ]
          .filter(Boolean)
          .join(' · ') || 'Starting…';
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <AudioFileOutlined aria-hidden sx={{ color: colors.acid }} />
        <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {state.fileName}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Upload progress"
        color={failed ? 'error' : 'primary'}
        sx={{ height: 8, borderRadius: 999, bgcolor: 'rgba(255,255,255,0.08)' }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="upload-sent">
          {sentText(state.sent, state.total)}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          aria-live="off"
        >
          {detail}
        </Typography>
      </Box>
      {state.error && (
        <Alert severity="error" role="alert">
          {state.error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {paused || failed ? (
          <Button size="small" variant="outlined" startIcon={<ReplayRounded />} onClick={onResume}>
            Resume
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<PauseCircleOutlineRounded />}
            onClick={onPause}
          >
            Pause
          </Button>
        )}
        <Button size="small" color="inherit" onClick={onCancel} sx={{ color: 'text.secondary' }}>
          Cancel upload
        </Button>
      </Box>
    </Box>
  );
}

/** probe → rendition, the current step with its progress. */
export function ProcessingSteps({ draft }: { draft: MySet }) {
  const at = draft.step ? PROCESSING_STEPS.indexOf(draft.step) : 0;
  return (
    <Box
      component="ol"
      aria-label="Processing steps"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {PROCESSING_STEPS.map((step, index) => {
        const done = draft.state !== 'processing' || index < at;
        const current = draft.state === 'processing' && index === at;
        const progress = current && draft.progress !== null ? Math.round(draft.progress * 100) : null;
        return (
          <Box
            component="li"
            key={step}
            aria-current={current ? 'step' : undefined}
            sx={{ display: 'grid', gap: 0.75 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {done ? (
                <CheckCircleRounded aria-hidden fontSize="small" sx={{ color: colors.acid }} />
              ) : current ? (
                <CircularProgress size={16} thickness={6} aria-hidden />
              ) : (
                <Box
                  aria-hidden
                  sx={{ width: 20, height: 20, borderRadius: '50%', border: `2px solid ${colors.line}` }}
                />
              )}
              <Typography
                sx={{
                  fontWeight: current ? 700 : 500,
                  color: done || current ? 'text.primary' : 'text.secondary',
                }}
              >
                {STEP_LABELS[step]}
              </Typography>
              {progress !== null && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}
                >
                  {progress} %
                </Typography>
              )}
            </Box>
            {current && (
              <LinearProgress
                variant={progress === null ? 'indeterminate' : 'determinate'}
                value={progress ?? undefined}
                aria-label={STEP_LABELS[step]}
                sx={{ height: 6, borderRadius: 999, bgcolor: 'rgba(255,255,255,0.08)', ml: 3.5 }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** "Publish": enabled when the draft is ready and nothing is missing; otherwise what is missing. */
export function PublishAction({ draft, onPublished }: { draft: MySet; onPublished: (draft: MySet) => void }) {
  const publish = usePublishDraft();
  const ready = draft.state === 'ready';
  const complete = draft.missing.length === 0;
  const why = !ready
    ? draft.state === 'uploading' || draft.state === 'processing'
      ? 'You can publish once the recording is processed.'
      : publishMessages.notReady
    : complete
      ? 'Everyone on Cratedig can find and play it once published.'
      : missingLine(draft.missing);
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      <Button
        variant="contained"
        size="large"
        disabled={!ready || !complete || publish.isPending}
        // mutateAsync: the answer turns the draft published, which takes this button away before a
        // mutate's own callback would run.
        onClick={() => void publish.mutateAsync(draft.id).then(onPublished, () => undefined)}
      >
        {publish.isPending ? <CircularProgress size={20} aria-label="Publishing" /> : PUBLISH_TEXT.publish}
      </Button>
      <Typography
        variant="body2"
        color={ready && !complete ? 'warning.main' : 'text.secondary'}
        data-testid="publish-why"
      >
        {why}
      </Typography>
      {publish.error && (
        <Alert severity="error" role="alert">
          {isApiError(publish.error) ? publish.error.message : 'The set could not be published. Try again.'}
        </Alert>
      )}
    </Box>
  );
}

function DraftSummary({ draft }: { draft: MySet }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {draft.file_name} · {bytesText(draft.size_bytes)}
      {draft.duration_s !== null && ` · ${lengthText(draft.duration_s)}`}
      {draft.format && ` · ${draft.format.toUpperCase()}`}
    </Typography>
  );
}

export function PublishPage() {
  useDocumentTitle(PUBLISH_TEXT.title);
  useLiveUploads();
  const { tokens } = useApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  const draftQuery = useDraft(draftId);
  const draft = draftQuery.data;
  const remove = useRemoveDraft();
  const [resumeError, setResumeError] = useState<string | null>(null);
  const upload = uploadSession.current;
  const tab = useUploadState(upload);
  // The tab's upload is this page's when it is the draft shown (or, before it has an id, when no
  // draft is shown): another draft opened meanwhile shows its own state.
  const mine = tab.phase !== 'idle' && (tab.id === null ? draftId === null : tab.id === draftId);
  const local = mine ? tab : IDLE_UPLOAD;
  const sending =
    local.phase === 'uploading' ||
    local.phase === 'paused' ||
    (local.phase === 'failed' && local.id !== null);

  // The upload's id, once the server made it, goes into the address: a reload re-opens the draft.
  // Coming back to /publish while the tab's upload still runs shows it again.
  const uploadId = tab.phase !== 'idle' && tab.phase !== 'done' ? tab.id : null;
  useEffect(() => {
    if (uploadId && draftId === null) setParams({ draft: uploadId }, { replace: true });
  }, [uploadId, draftId, setParams]);

  // The last byte is in: the draft turns processing.
  const { refetch } = draftQuery;
  const finished = mine && local.phase === 'done';
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);

  const startOver = () => {
    upload.reset();
    setResumeError(null);
    setParams({}, { replace: true });
  };

  const [asking, setAsking] = useState(false);
  const cancel = async () => {
    const id = local.id ?? draftId;
    await upload.stop();
    if (id) await remove.mutateAsync(id).catch(() => undefined);
    setAsking(false);
    startOver();
  };
  const cancelDialog = (
    <ConfirmDialog
      open={asking}
      title="Cancel this upload?"
      text={PUBLISH_TEXT.cancelConfirm}
      confirm="Cancel upload"
      danger
      busy={remove.isPending}
      onConfirm={() => void cancel()}
      onClose={() => setAsking(false)}
    />
  );

  const deleteDraft = async (id: string) => {
    await remove.mutateAsync(id).catch(() => undefined);
    startOver();
  };

  const onChosen = (file: File) => {
    setResumeError(null);
    if (draft && draft.state === 'uploading') {
      // Re-opened draft: only the same file carries on.
      if (file.size !== draft.size_bytes) {
        setResumeError(PUBLISH_TEXT.notSameFile(draft.file_name));
        return;
      }
      void upload.start(file, tokens, draft.id);
      return;
    }
    void upload.start(file, tokens);
  };

  const header = (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="overline" component="p" color="primary">
        For DJs
      </Typography>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '1.9rem', md: '2.5rem' } }}
      >
        {PUBLISH_TEXT.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        {PUBLISH_TEXT.lede}
      </Typography>
    </Box>
  );

  const frame = (children: ReactNode) => (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 1180, mx: 'auto', width: '100%' }}>
      {header}
      {children}
      {cancelDialog}
    </Box>
  );

  // Nothing chosen yet, or a refusal before the server made the upload.
  if (!draftId) {
    if (local.phase === 'uploading' && local.id === null) {
      return frame(
        <Card title="Recording">
          <UploadProgress
            state={local}
            onPause={() => upload.pause()}
            onResume={() => upload.resume()}
            onCancel={startOver}
          />
        </Card>,
      );
    }
    return frame(
      <>
        <DropZone onFile={onChosen} error={local.phase === 'failed' ? local.error : null} />
        <HowItWorks />
      </>,
    );
  }

  if (draftQuery.isError) {
    const gone = isApiError(draftQuery.error) && draftQuery.error.status === 404;
    return frame(
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={startOver}>
            {PUBLISH_TEXT.startAgain}
          </Button>
        }
      >
        {gone ? PUBLISH_TEXT.gone : 'This draft could not be opened. Try again in a moment.'}
      </Alert>,
    );
  }
  if (!draft) {
    return frame(<Placeholder height={320} label="Loading the draft" />);
  }

  const state = local.phase === 'done' && draft.state === 'uploading' ? 'processing' : draft.state;
  const recording = (() => {
    if (draft.state === 'uploading' && sending) {
      return (
        <UploadProgress
          state={local}
          onPause={() => upload.pause()}
          onResume={() => upload.resume()}
          onCancel={() => setAsking(true)}
        />
      );
    }
    if (draft.state === 'uploading' && local.phase !== 'done') {
      const sent = draft.size_bytes > 0 ? Math.floor((draft.received_bytes / draft.size_bytes) * 100) : 0;
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <DropZone
            onFile={onChosen}
            title="Carry on uploading"
            line={PUBLISH_TEXT.sameFile(draft.file_name, bytesText(draft.size_bytes))}
            error={resumeError ?? (local.phase === 'failed' ? local.error : null)}
          />
          <Typography variant="body2" color="text.secondary">
            {bytesText(draft.received_bytes)} of {bytesText(draft.size_bytes)} already sent ({sent} %).
          </Typography>
          <Button
            color="inherit"
            onClick={() => setAsking(true)}
            sx={{ justifySelf: 'start', color: 'text.secondary' }}
          >
            Cancel upload
          </Button>
        </Box>
      );
    }
    if (state === 'processing') {
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <DraftSummary draft={draft} />
          <ProcessingSteps draft={{ ...draft, state: 'processing' }} />
          <Typography variant="body2" color="text.secondary">
            {PUBLISH_TEXT.processingLine}
          </Typography>
        </Box>
      );
    }
    if (state === 'failed' || state === 'taken_down') {
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="error" role="alert">
            <Typography sx={{ fontWeight: 700 }}>
              {state === 'failed' ? PUBLISH_TEXT.failed : PUBLISH_TEXT.takenDown}
            </Typography>
            {draft.reason}
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={startOver}>
              {PUBLISH_TEXT.startAgain}
            </Button>
            <Button color="inherit" onClick={() => void deleteDraft(draft.id)}>
              {PUBLISH_TEXT.deleteDraft}
            </Button>
          </Box>
        </Box>
      );
    }
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <DraftSummary draft={draft} />
        <ProcessingSteps draft={draft} />
      </Box>
    );
  })();

  const editable = state !== 'failed' && state !== 'taken_down';
  return frame(
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        // A phone reads it in order: the recording, its details, then Publish; a wide screen keeps the
        // recording and Publish beside the form.
        ...(editable
          ? {
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
              gridTemplateAreas: {
                xs: '"recording" "details" "publish"',
                lg: '"details recording" "details publish" "details rest"',
              },
              gridTemplateRows: { lg: 'auto auto 1fr' },
            }
          : {
              gridTemplateColumns: 'minmax(0, 1fr)',
              gridTemplateAreas: '"recording" "publish"',
              maxWidth: 640,
            }),
      }}
    >
      <Box sx={{ gridArea: 'recording' }}>
        <Card title="Recording" aside={<StateChip state={state} />}>
          {recording}
        </Card>
      </Box>
      {editable && (
        <Box sx={{ gridArea: 'details' }}>
          <Card title="Details">
            <DetailsForm
              key={draft.id}
              id={draft.id}
              initial={draft.details}
              artUrl={draft.art_url_xl}
              mode={state === 'published' ? 'edit' : 'draft'}
            />
          </Card>
        </Box>
      )}
      <Box sx={{ gridArea: 'publish', display: 'grid', gap: 2 }}>
        {editable && (
          <Card title={state === 'published' ? PUBLISH_TEXT.published : 'Publish'}>
            {state === 'published' && draft.set_id !== null ? (
              <Button component={RouterLink} to={`/sets/${draft.set_id}`} variant="contained">
                Open your set
              </Button>
            ) : (
              <PublishAction
                draft={{ ...draft, state }}
                onPublished={(published) => {
                  if (published.set_id !== null) navigate(`/sets/${published.set_id}`);
                }}
              />
            )}
          </Card>
        )}
        <Link
          component={RouterLink}
          to="/profile#my-sets"
          sx={{ justifySelf: 'start', color: 'text.secondary' }}
        >
          All my sets
        </Link>
      </Box>
    </Box>,
  );
}
