import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { refetchAccount } from '../../api/member-keys';
import { Button, Dialog, Notice, Stack } from '../../ui';

interface ConfirmChangeDialogProps {
  title: string;
  /** What will happen, and when: shown until it has. */
  explanation: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Danger for what cannot be undone (a withdrawal, a refund). */
  variant?: 'primary' | 'danger';
  change: () => Promise<{ message: string }>;
  onClose: () => void;
}

/**
 * A change of what the member paid for (a plan change, a withdrawal, a
 * refund), confirmed first. The server's answer stays on screen once made,
 * since what opened the dialog may be gone by then; the account (balance,
 * subscription, purchases) is fetched again.
 */
export function ConfirmChangeDialog({ title, explanation, keepLabel, confirmLabel, pendingLabel, variant = 'primary', change, onClose }: ConfirmChangeDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: change, onSuccess: () => refetchAccount(queryClient) });
  const done = mutation.isSuccess;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        done ? (
          <Button type="button" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={onClose} disabled={mutation.isPending}>
              {keepLabel}
            </Button>
            <Button type="button" variant={variant} onClick={() => mutation.mutate()} loading={mutation.isPending} loadingLabel={pendingLabel}>
              {confirmLabel}
            </Button>
          </>
        )
      }
    >
      <Stack gap={4}>
        {done ? null : explanation}
        <div role="status">{done ? <Notice tone="success">{mutation.data.message}</Notice> : null}</div>
        {mutation.isError ? <Notice tone="error">{mutation.error.message}</Notice> : null}
      </Stack>
    </Dialog>
  );
}
