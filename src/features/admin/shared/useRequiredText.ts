import { useState, type FormEvent } from 'react';

/**
 * The one text a decision needs (a ban reason, a transaction id): sent trimmed,
 * and flagged as missing instead of sent when it is only spaces. The flag
 * goes as soon as there is text: an error left under a filled field reads as
 * if the field were still wrong.
 */
export function useRequiredText(onSubmit: (text: string) => void) {
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    onSubmit(text);
  };

  const change = (next: string) => {
    setValue(next);
    if (next.trim()) setMissing(false);
  };

  const reset = () => {
    setValue('');
    setMissing(false);
  };

  return { value, setValue: change, missing, submit, reset };
}
