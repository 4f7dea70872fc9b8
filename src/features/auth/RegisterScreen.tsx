import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { registerBodySchema, type RegisterBody } from '../../../contract/auth';
import { Button, Field, Input, Notice, Select, Text, useFieldErrors, type FieldErrorMap } from '../../ui';
import { GENDER_CHOICES, GENDER_LABELS } from '../profile/gender-labels';
import { useAuth } from './AuthProvider';
import { AuthCard } from './AuthCard';
import { returnPageSubtitle, useReturnPage } from './useReturnPage';

type FieldName = keyof RegisterBody;
type FormValues = Record<FieldName, string>;

const EMPTY: FormValues = { username: '', email: '', password: '', age: '', gender: '' };

/**
 * Sign-up: validated with the same zod schema the server enforces, so a
 * person sees every field's problem before anything is sent.
 */
export function RegisterScreen() {
  const { send, isBusy, error } = useAuth();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const { errors: fieldErrors, show: showFieldErrors, withdraw, clear: clearFieldErrors } = useFieldErrors<FieldName>();
  const subtitle = returnPageSubtitle(useReturnPage('user'), 'Join Orbit', 'Join Orbit and start meeting people near you.');

  const update = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    withdraw(name);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({
      ...values,
      age: values.age.trim() === '' ? undefined : Number(values.age),
      gender: values.gender === '' ? undefined : values.gender,
    });
    if (!parsed.success) {
      const next: FieldErrorMap<FieldName> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && !next[field]) next[field] = values[field].trim() === '' ? `${FIELD_LABELS[field]} is required` : issue.message;
      }
      showFieldErrors(next);
      return;
    }
    clearFieldErrors();
    send({ type: 'REGISTER', form: parsed.data });
  };

  return (
    <AuthCard title="Create your account" subtitle={subtitle}>
      <Form onSubmit={submit} noValidate aria-label="Sign up">
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Field label="Username" id="register-username" hint="3 to 30 lowercase letters, numbers or _" error={fieldErrors.username}>
          <Input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.username} onChange={update('username')} />
        </Field>
        <Field label="Email" id="register-email" error={fieldErrors.email}>
          <Input name="email" type="email" autoComplete="email" value={values.email} onChange={update('email')} />
        </Field>
        <Field label="Password" id="register-password" hint="At least 8 characters" error={fieldErrors.password}>
          <Input name="password" type="password" autoComplete="new-password" value={values.password} onChange={update('password')} />
        </Field>
        <TwoColumns>
          <Field label="Age" id="register-age" error={fieldErrors.age}>
            <Input name="age" type="number" inputMode="numeric" min={18} max={99} value={values.age} onChange={update('age')} />
          </Field>
          <Field label="Gender" id="register-gender" error={fieldErrors.gender}>
            <Select name="gender" value={values.gender} onChange={update('gender')}>
              <option value="">Choose…</option>
              {GENDER_CHOICES.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </Select>
          </Field>
        </TwoColumns>
        <Button type="submit" variant="primary" size="lg" fullWidth loading={isBusy} loadingLabel="Creating account...">
          Sign Up
        </Button>
        <Text tone="muted" size="sm">
          Already have an account?{' '}
          <Link to="/login" search={(previous) => ({ redirect: previous.redirect })}>
            Sign in
          </Link>
        </Text>
      </Form>
    </AuthCard>
  );
}

const FIELD_LABELS: Record<FieldName, string> = { username: 'Username', email: 'Email', password: 'Password', age: 'Age', gender: 'Gender' };

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;

const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: 1fr 1fr;
`;
