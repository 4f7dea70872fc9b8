import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatorIdentity, CreatorIdentityBody } from '../../../contract/creators';
import { creatorKeys, saveCreatorIdentity } from '../../api/creators';
import { Button, Card, Field, Heading, Input, Notice, Stack, Text } from '../../ui';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const EMPTY: CreatorIdentityBody = { legalName: '', birthDate: '', address: '', taxId: '' };

/**
 * Who the creator is, for payouts (issue 49): given before a first
 * withdrawal, checked by Orbit (documents and a sanctions screening) before
 * the first payout; changing it asks for a new check.
 */
export function IdentityCard({ identity }: { identity: CreatorIdentity | null }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(identity === null);
  // The tax id comes back only by its ending, so a change asks for it whole again.
  const [values, setValues] = useState<CreatorIdentityBody>(identity ? { legalName: identity.legalName, birthDate: identity.birthDate, address: identity.address, taxId: '' } : EMPTY);
  const save = useMutation({
    mutationFn: saveCreatorIdentity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.status() });
      setEditing(false);
    },
  });
  const set = (field: keyof CreatorIdentityBody) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };

  return (
    <Card as="section" aria-label="Your identity for payouts">
      <Stack gap={3}>
        <Heading level={2} size="md">
          Your identity for payouts
        </Heading>
        {editing ? (
          <form onSubmit={submit} aria-label="Your identity for payouts">
            <Stack gap={3}>
              <Text tone="muted" size="sm">
                Needed before your first withdrawal. Orbit checks it against your documents and screens it against sanctions lists before paying you.
              </Text>
              <Field label="Legal name">
                <Input name="legalName" autoComplete="name" value={values.legalName} onChange={set('legalName')} required />
              </Field>
              <Field label="Date of birth">
                <Input name="birthDate" type="date" autoComplete="bday" value={values.birthDate} onChange={set('birthDate')} required />
              </Field>
              <Field label="Address">
                <Input name="address" autoComplete="street-address" value={values.address} onChange={set('address')} required />
              </Field>
              <Field label="Tax id">
                <Input name="taxId" autoComplete="off" value={values.taxId} onChange={set('taxId')} required />
              </Field>
              {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
              <div>
                <Button type="submit" loading={save.isPending} loadingLabel="Saving...">
                  Save identity
                </Button>
              </div>
            </Stack>
          </form>
        ) : identity ? (
          <>
            <Text>
              {identity.legalName}, born {dateFormat.format(new Date(`${identity.birthDate}T12:00:00Z`))}, {identity.address}; tax id ending {identity.taxIdEnding}
            </Text>
            <Text tone="muted" size="sm">
              {identity.checkedAt ? `Checked by Orbit on ${dateFormat.format(new Date(identity.checkedAt))}.` : "Waiting for Orbit's check: you can ask for a withdrawal, and it is paid once the check is done."}
            </Text>
            <div>
              <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Change
              </Button>
            </div>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
