import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Notice } from './Notice';
import { px } from './theme';
import { Text } from './Text';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this blog post?'. */
  question: string;
  confirmLabel: string;
  /** The way out, when 'Cancel' says less than it could ('Keep streaming'). */
  cancelLabel?: string;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shown under the question, e.g. the photo about to be removed. */
  children?: ReactNode;
}

/** An accessible replacement for window.confirm, for a step that cannot be undone: focus stays inside, Escape cancels. */
export function ConfirmDialog({ open, title, question, confirmLabel, cancelLabel = 'Cancel', busyLabel = 'Deleting...', busy = false, error, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="button" variant="danger" onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{question}</Text>
      {children ? <More>{children}</More> : null}
      {error && <Notice tone="error">{error}</Notice>}
    </Dialog>
  );
}

const More = styled.div`
  margin-block: ${({ theme }) => px(theme.space[3])};
`;
