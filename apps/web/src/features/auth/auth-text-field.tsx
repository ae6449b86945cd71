import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type HTMLInputAutoCompleteAttribute, useId, useLayoutEffect, useRef } from 'react';

export interface AuthTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute | 'off';
  autoCapitalize?: string;
  spellCheck?: boolean;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | null;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
}

/**
 * The outlined text field of the sign-in pages, built from the same parts as MUI's TextField (label,
 * outlined input with its notch, helper text, the same ids and aria wiring), so it looks and reads the
 * same. MUI's TextField also imports Select, and with it Menu, Popover, Modal and the focus trap: about
 * 20 KB of gzipped JS that /login would load and never use (the first screen must stay small).
 */
export function AuthTextField({
  label,
  helperText,
  required = false,
  disabled = false,
  error = false,
  autoCapitalize,
  spellCheck,
  ...input
}: AuthTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const field = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const { value, onChange } = input;
  // /login and /register arrive drawn before their script runs (docs/web-app.md "Offline and first
  // load"): what was typed or autofilled in that moment is in the field but not in the page's state,
  // and the next render of the controlled field would clear it. The commit that takes the page over
  // hands it to the page as a change instead. (A page the app drew itself has nothing to hand over.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the commit that mounts the field
  useLayoutEffect(() => {
    const element = field.current;
    if (element && element.value !== value)
      onChange({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
  }, []);
  return (
    <FormControl fullWidth variant="outlined" required={required} disabled={disabled} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={field}
        label={label}
        aria-describedby={helperId}
        inputProps={{ autoCapitalize, spellCheck }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
