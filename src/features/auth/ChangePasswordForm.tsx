import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { changePasswordBodySchema, CURRENT_PASSWORD_INCORRECT, type ChangePasswordBody } from '../../../contract/auth/sign-in';
import { changePassword } from '../../api/auth/account';
import { ApiError } from '../../api/client';
import type { PasswordOwner } from '../../../contract/auth/password-rules';
import { Button, Field, Input, Notice, px, useFieldErrors, type FieldErrorMap } from '../../ui';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface Draft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type FieldName = keyof Draft;
type FieldErrors = FieldErrorMap<FieldName>;

const EMPTY_DRAFT: Draft = { currentPassword: '', newPassword: '', confirmPassword: '' };
export const PASSWORDS_DIFFER = 'The new passwords do not match';
export const NEW_PASSWORD_REQUIRED = 'New password is required';
export const CONFIRMATION_REQUIRED = 'Confirm your new password';
export const PASSWORD_CHANGED = 'Your password was changed. Other devices have been signed out.';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  justify-items: start;

  & > * {
    width: 100%;
  }
`;

function isFieldName(name: string): name is FieldName {
  return name in EMPTY_DRAFT;
}

/** The same rules the server applies, plus the confirmation that only a form has. */
function validate(draft: Draft): { body: ChangePasswordBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = changePasswordBodySchema.safeParse({ currentPassword: draft.currentPassword, newPassword: draft.newPassword });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isFieldName(field)) errors[field] ??= issue.message;
    }
  }
  // An empty field is missing, not too short.
  if (draft.newPassword === '') errors.newPassword = NEW_PASSWORD_REQUIRED;
  if (!errors.newPassword && draft.confirmPassword === '') errors.confirmPassword = CONFIRMATION_REQUIRED;
  else if (!errors.newPassword && draft.confirmPassword !== draft.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

/**
 * Change password: current, new and confirm. On success the server ends the
 * account's other sessions and keeps this one, so the person stays signed in here.
 * `owner` is whose password it is, so the strength meter refuses what the server would.
 */
export function ChangePasswordForm({ owner = {} }: { owner?: PasswordOwner }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const { errors, show: showErrors, withdraw, clear: clearErrors } = useFieldErrors<FieldName>();
  const save = useMutation({
    mutationFn: changePassword,
    // Passwords are not kept on screen once they have done their job.
    onSuccess: () => setDraft(EMPTY_DRAFT),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: FieldErrors = {};
      for (const { field, message } of error.fieldErrors) if (isFieldName(field)) found[field] ??= message;
      // The wrong current password belongs next to the field that holds it.
      if (error.message === CURRENT_PASSWORD_INCORRECT) found.currentPassword = error.message;
      showErrors(found);
    },
  });

  const update = (field: FieldName) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    // A new password edited may now match its confirmation, so the mismatch goes too.
    if (field === 'newPassword') withdraw(field, 'confirmPassword');
    else withdraw(field);
    if (save.isSuccess) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(draft);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    clearErrors();
    save.mutate(checked.body);
  };

  const shownByField = save.error instanceof ApiError && (save.error.fieldErrors.length > 0 || save.error.message === CURRENT_PASSWORD_INCORRECT);
  const serverMessage = save.isError && !shownByField ? save.error.message : null;

  return (
    <Form aria-label="Change password" onSubmit={submit} noValidate>
      <div role="status">{save.isSuccess ? <Notice tone="success">{PASSWORD_CHANGED}</Notice> : null}</div>
      {serverMessage ? <Notice tone="error">{serverMessage}</Notice> : null}
      <Field label="Current password" error={errors.currentPassword}>
        <Input type="password" autoComplete="current-password" value={draft.currentPassword} onChange={update('currentPassword')} />
      </Field>
      <Field label="New password" hint="At least 8 characters." error={errors.newPassword}>
        <Input type="password" autoComplete="new-password" value={draft.newPassword} onChange={update('newPassword')} />
      </Field>
      <PasswordStrengthMeter password={draft.newPassword} owner={owner} />
      <Field label="Confirm new password" error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" value={draft.confirmPassword} onChange={update('confirmPassword')} />
      </Field>
      <Button type="submit" variant="secondary" loading={save.isPending} loadingLabel="Changing password...">
        Change password
      </Button>
    </Form>
  );
}
