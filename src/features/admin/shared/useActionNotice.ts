import { useCallback, useState } from 'react';

export interface ActionNotice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The outcome of the last action on a screen (a ban, an approval, a save).
 * It stays until the next action or until dismissed: a moderator should not
 * miss a failure because it vanished.
 */
export function useActionNotice() {
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const succeed = useCallback((text: string) => setNotice({ tone: 'success', text }), []);
  const fail = useCallback((error: unknown, fallback: string) => {
    setNotice({ tone: 'error', text: error instanceof Error && error.message ? error.message : fallback });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, succeed, fail, dismiss };
}
