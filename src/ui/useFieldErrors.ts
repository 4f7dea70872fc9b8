import { useCallback, useState } from 'react';

export type FieldErrorMap<Name extends string> = Partial<Record<Name, string>>;

export interface FieldErrors<Name extends string> {
  /** The message under each field, if any. */
  errors: FieldErrorMap<Name>;
  /** Shows these messages (from a check or the server's answer), replacing the last set. */
  show: (errors: FieldErrorMap<Name>) => void;
  /** Withdraws the messages of fields the person has just edited. */
  withdraw: (...names: Name[]) => void;
  /** Withdraws every message, e.g. when a submit passes its checks. */
  clear: () => void;
}

/**
 * A form's per-field messages. Editing a field withdraws its message until the
 * next submit checks it again: a message left under a corrected field reads as
 * if the field were still wrong, and the person cannot tell whether their fix
 * took.
 */
export function useFieldErrors<Name extends string>(): FieldErrors<Name> {
  const [errors, setErrors] = useState<FieldErrorMap<Name>>({});

  const withdraw = useCallback((...names: Name[]) => {
    setErrors((current) => {
      if (names.every((name) => current[name] === undefined)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);
  const clear = useCallback(() => setErrors({}), []);

  return { errors, show: setErrors, withdraw, clear };
}
