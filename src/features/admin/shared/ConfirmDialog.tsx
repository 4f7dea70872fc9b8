import { Button, Dialog, Notice, Text } from '../../../ui';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this blog post?'. */
  question: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible replacement for window.confirm: focus stays inside, Escape cancels. */
export function ConfirmDialog({ open, title, question, confirmLabel, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" variant="danger" onClick={onConfirm} loading={busy} loadingLabel="Deleting...">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{question}</Text>
      {error && <Notice tone="error">{error}</Notice>}
    </Dialog>
  );
}
