// docs/library.md Comment: empty text is not submitted (the button is disabled), whitespace counts as empty,
// and nothing is sent while a send is in progress; the same form edits a comment inline (Update).
import { COMMENT_MAX_LENGTH } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';

/** The server's rule too (contract commentText): at least one non-space character, at most 2000. */
export function isSendable(text: string): boolean {
  return /\S/.test(text) && text.length <= COMMENT_MAX_LENGTH;
}

export function CommentForm({
  label,
  submitLabel,
  initialText = '',
  onSubmit,
  onCancel,
  clearOnSuccess = false,
  autoFocus = false,
  hint,
}: {
  label: string;
  submitLabel: string;
  initialText?: string;
  /** Resolves when the server accepted the text; a rejection keeps it in the box. */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  clearOnSuccess?: boolean;
  autoFocus?: boolean;
  /** A line under the box saying what will be sent with the text (where in the set it is pinned). */
  hint?: string;
}) {
  const [text, setText] = useState(initialText);
  const [sending, setSending] = useState(false);
  const tooLong = text.length > COMMENT_MAX_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !isSendable(text)) return;
    setSending(true);
    try {
      await onSubmit(text);
      if (clearOnSuccess) setText('');
    } catch {
      // docs/library.md: comment call failures are only logged (by the mutation); the text stays to retry.
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={label} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        maxRows={10}
        autoFocus={autoFocus}
        error={tooLong}
        helperText={tooLong ? `At most ${COMMENT_MAX_LENGTH} characters (${text.length})` : hint}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most comment boxes; Enter alone makes a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button color="inherit" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={sending || !isSendable(text)}
          startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
