import { useState, type FormEvent } from 'react';

/**
 * The one text a decision needs (a ban reason, a transaction id): sent trimmed,
 * and flagged as missing instead of sent when it is only spaces.
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

  const reset = () => {
    setValue('');
    setMissing(false);
  };

  return { value, setValue, missing, submit, reset };
}
