import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { registerBodySchema, type RegisterBody } from '../../../contract/auth/sign-in';
import { Button, Checkbox, Field, Input, Notice, px, Select, Text, useFieldErrors, type FieldErrorMap } from '../../ui';
import { GENDER_CHOICES, GENDER_LABELS } from '../members/profile/gender-labels';
import { useAuth } from './AuthProvider';
import { AuthCard, AuthForm } from './AuthCard';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { returnPageSubtitle, useReturnPage } from './useReturnPage';

type FieldName = keyof RegisterBody;
type TextFieldName = Exclude<FieldName, 'acceptTerms'>;
type FormValues = Record<TextFieldName, string>;

const EMPTY: FormValues = { name: '', username: '', email: '', password: '', age: '', gender: '' };

/**
 * Sign-up: validated with the same zod schema the server enforces, so a
 * person sees every field's problem before anything is sent.
 */
export function RegisterScreen() {
  const { send, isBusy, error } = useAuth();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { errors: fieldErrors, show: showFieldErrors, withdraw, clear: clearFieldErrors } = useFieldErrors<FieldName>();
  const subtitle = returnPageSubtitle(useReturnPage('user'), 'Join Orbit', 'Join Orbit and start meeting people near you.');

  const update = (name: TextFieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    withdraw(name);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({
      ...values,
      acceptTerms,
      age: values.age.trim() === '' ? undefined : Number(values.age),
      gender: values.gender === '' ? undefined : values.gender,
    });
    if (!parsed.success) {
      const next: FieldErrorMap<FieldName> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (!field || next[field]) continue;
        next[field] = field !== 'acceptTerms' && values[field].trim() === '' ? `${FIELD_LABELS[field]} is required` : issue.message;
      }
      showFieldErrors(next);
      return;
    }
    clearFieldErrors();
    send({ type: 'REGISTER', form: parsed.data });
  };

  return (
    <AuthCard title="Create your account" subtitle={subtitle}>
      <AuthForm onSubmit={submit} noValidate aria-label="Sign up">
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Field label="First name" id="register-name" hint="The name others see on Orbit." error={fieldErrors.name}>
          <Input name="name" autoComplete="given-name" value={values.name} onChange={update('name')} />
        </Field>
        <Field label="Username" id="register-username" hint="For signing in: 3 to 30 lowercase letters, numbers or _" error={fieldErrors.username}>
          <Input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.username} onChange={update('username')} />
        </Field>
        <Field label="Email" id="register-email" error={fieldErrors.email}>
          <Input name="email" type="email" autoComplete="email" value={values.email} onChange={update('email')} />
        </Field>
        <Field label="Password" id="register-password" hint="At least 8 characters, hard to guess, and without your username or email" error={fieldErrors.password}>
          <Input name="password" type="password" autoComplete="new-password" value={values.password} onChange={update('password')} />
        </Field>
        <PasswordStrengthMeter password={values.password} owner={{ username: values.username, email: values.email }} />
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
        <div>
          <Checkbox
            name="acceptTerms"
            required
            checked={acceptTerms}
            onChange={(event) => {
              setAcceptTerms(event.target.checked);
              withdraw('acceptTerms');
            }}
            aria-invalid={fieldErrors.acceptTerms ? true : undefined}
            aria-describedby={fieldErrors.acceptTerms ? TERMS_ERROR_ID : undefined}
            label={
              <>
                I am 18 or over and I accept the{' '}
                {/* A new tab: what was typed here stays while they read. */}
                <Link to="/terms" target="_blank" rel="noopener">
                  Terms of Service
                </Link>{' '}
                and the{' '}
                <Link to="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </Link>
              </>
            }
          />
          {fieldErrors.acceptTerms ? <ConsentError id={TERMS_ERROR_ID}>{fieldErrors.acceptTerms}</ConsentError> : null}
        </div>
        <Button type="submit" variant="primary" size="lg" fullWidth loading={isBusy} loadingLabel="Creating account...">
          Sign Up
        </Button>
        <Text tone="muted" size="sm">
          Already have an account?{' '}
          <Link to="/login" search={(previous) => ({ redirect: previous.redirect })}>
            Sign in
          </Link>
        </Text>
      </AuthForm>
    </AuthCard>
  );
}

const TERMS_ERROR_ID = 'register-terms-error';

const FIELD_LABELS: Record<TextFieldName, string> = { name: 'First name', username: 'Username', email: 'Email', password: 'Password', age: 'Age', gender: 'Gender' };


const ConsentError = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: 1fr 1fr;
`;
