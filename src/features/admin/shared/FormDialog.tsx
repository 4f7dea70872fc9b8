import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, Notice, Stack, type ButtonVariant } from '../../../ui';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** Names the form for screen readers; the title unless given. */
  formLabel?: string;
  submitLabel: string;
  /** Replaces the submit label while the request runs, e.g. 'Saving...'. */
  busyLabel: string;
  submitVariant?: ButtonVariant;
  busy: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog that is one form: its fields, then the last attempt's error, then the submit button over Cancel. */
export function FormDialog({
  open,
  title,
  formLabel = title,
  submitLabel,
  busyLabel,
  submitVariant,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap={4}>
          {children}
          {error && <Notice tone="error">{error}</Notice>}
          <Stack gap={2}>
            <Button type="submit" variant={submitVariant} loading={busy} loadingLabel={busyLabel}>
              {submitLabel}
            </Button>
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Dialog>
  );
}
