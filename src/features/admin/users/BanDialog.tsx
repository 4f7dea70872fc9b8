import type { AdminUser } from '../../../../contract/admin/console';
import { Field, Text, Textarea } from '../../../ui';
import { FormDialog } from '../shared/FormDialog';
import { useRequiredText } from '../shared/useRequiredText';

interface BanDialogProps {
  /** Whoever is being banned: the users list's row or a report's reported member. */
  user: Pick<AdminUser, 'username'> | null;
  busy: boolean;
  error: string | null;
  onBan: (reason: string) => void;
  onClose: () => void;
}

/** Ban needs a reason: the person sees it when they next try to sign in. */
export function BanDialog({ user, busy, error, onBan, onClose }: BanDialogProps) {
  const reason = useRequiredText(onBan);

  const close = () => {
    reason.reset();
    onClose();
  };

  return (
    <FormDialog
      open={user !== null}
      title={user ? `Ban ${user.username}` : 'Ban user'}
      formLabel="Ban user"
      submitLabel="Ban user"
      busyLabel="Banning..."
      submitVariant="danger"
      busy={busy}
      error={error}
      onSubmit={reason.submit}
      onClose={close}
    >
      <Text tone="muted" size="sm">
        Banning signs {user?.username ?? 'this person'} out everywhere. The reason is shown to them when they try to sign in.
      </Text>
      <Field label="Reason" error={reason.missing ? 'A reason is required to ban a user' : undefined}>
        <Textarea name="reason" rows={3} value={reason.value} onChange={(event) => reason.setValue(event.target.value)} required />
      </Field>
    </FormDialog>
  );
}
