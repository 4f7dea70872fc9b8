import { useState, type FormEvent } from 'react';
import type { AdminUser } from '../../../../contract/admin';
import { Button, Dialog, Field, Notice, Stack, Text, Textarea } from '../../../ui';

interface BanDialogProps {
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  onBan: (reason: string) => void;
  onClose: () => void;
}

/** Ban needs a reason: the person sees it when they next try to sign in. */
export function BanDialog({ user, busy, error, onBan, onClose }: BanDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onBan(reason.trim());
  };

  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };

  return (
    <Dialog open={user !== null} onClose={close} title={user ? `Ban ${user.username}` : 'Ban user'}>
      <form onSubmit={submit} noValidate aria-label="Ban user">
        <Stack gap={4}>
          <Text tone="muted" size="sm">
            Banning signs {user?.username ?? 'this person'} out everywhere. The reason is shown to them when they try to sign in.
          </Text>
          <Field label="Reason" error={missing ? 'A reason is required to ban a user' : undefined}>
            <Textarea name="reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} required />
          </Field>
          {error && <Notice tone="error">{error}</Notice>}
          <Stack gap={2}>
            <Button type="submit" variant="danger" loading={busy} loadingLabel="Banning...">
              Ban user
            </Button>
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Dialog>
  );
}
