import { useState, type FormEvent } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';
import { Button, Checkbox, Field, FocusedNotice, Input, Notice, TabPanel, Tabs, Text } from '../../ui';
import { useSelector } from '@xstate/react';
import { selectSecondStep, selectSignInLinkOffered, type SessionRole } from '../../../machines/auth/auth.machine';
import { useAuth } from './AuthProvider';
import { AuthCard, AuthForm } from './AuthCard';
import { EnrolAtSignIn } from './EnrolAtSignIn';
import { SecondFactorForm } from './SecondFactorForm';
import { SignInLinkOffer } from './SignInLinkOffer';
import { returnPageSubtitle, useReturnPage } from './useReturnPage';

const TABS = [
  { id: 'user', label: 'User' },
  { id: 'admin', label: 'Admin' },
] as const;

interface LoginScreenProps {
  tab: SessionRole;
  /** Filled in already: the account a sign-in link was opened for. */
  username?: string;
  onTabChange: (tab: SessionRole) => void;
}

/** SPEC section 2 Login: User and Admin tabs, each with username, password and remember me. */
export function LoginScreen({ tab, username, onTabChange }: LoginScreenProps) {
  const { send, isBusy, error, isUser, isAdmin, actor } = useAuth();
  // Issue 37 finding 4: after the password, the authenticator code (or an admin's enrolment).
  const secondStep = useSelector(actor, selectSecondStep);
  const signInLinkOffered = useSelector(actor, selectSignInLinkOffered);
  // Read once: a sign-in made on this page must not flash "already signed in" on its way out.
  const [signedInOnArrival] = useState(isUser || isAdmin);
  const subtitle = returnPageSubtitle(useReturnPage(tab), 'Sign in', 'Sign in to keep meeting people near you.');
  // Set by Settings once the account is deleted (DeleteAccountSection).
  const accountNotice = useRouterState({ select: (state) => state.location.state.accountNotice });

  const changeTab = (next: string) => {
    send({ type: 'CLEAR_ERROR' });
    onTabChange(next === 'admin' ? 'admin' : 'user');
  };

  if (secondStep) {
    const backToPassword = () => send({ type: 'CANCEL_SECOND_STEP' });
    return (
      <AuthCard title="Welcome back" subtitle={secondStep.kind === 'code' ? 'One more step to sign in.' : 'Set up two-step verification to continue.'}>
        {secondStep.kind === 'code' ? (
          <SecondFactorForm busy={isBusy} error={error} onSubmit={(code) => send({ type: 'SUBMIT_CODE', code })} onCancel={backToPassword} />
        ) : (
          <EnrolAtSignIn ticket={secondStep.ticket} onEnrolled={(token) => send({ type: 'ENROLLED', token })} onCancel={backToPassword} />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle={subtitle}>
      <AccountNotice message={accountNotice} />
      {signedInOnArrival && (isUser || isAdmin) ? <AlreadySignedIn admin={isAdmin} /> : null}
      <Tabs idBase="login" label="Sign in as" value={tab} onChange={changeTab} tabs={[...TABS]} />
      <TabPanel idBase="login" tabId={tab}>
        <LoginForm
          key={tab}
          role={tab}
          initialUsername={tab === 'user' ? username : undefined}
          busy={isBusy}
          error={error}
          signInLinkOffered={signInLinkOffered}
          onSubmit={(credentials) => send({ type: 'SIGN_IN', role: tab, credentials })}
        />
      </TabPanel>
    </AuthCard>
  );
}

/** Someone signed in who opens Login (a bookmark, the back button) is told so, and offered the way on. */
function AlreadySignedIn({ admin }: { admin: boolean }) {
  return (
    <SignedInNotice tone="info">
      You are already signed in as {admin ? 'Admin' : 'User'}.{' '}
      {admin ? (
        <Link to="/admin" search={{ tab: 'dashboard' }}>
          Go to the dashboard
        </Link>
      ) : (
        <Link to="/">Go to Home</Link>
      )}
      , or sign in with another account below.
    </SignedInNotice>
  );
}

interface LoginFormProps {
  role: SessionRole;
  initialUsername: string | undefined;
  busy: boolean;
  error: string | null;
  signInLinkOffered: boolean;
  onSubmit: (credentials: { username: string; password: string; remember: boolean }) => void;
}

function LoginForm({ role, initialUsername, busy, error, signInLinkOffered, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMissing = {
      username: username.trim() ? undefined : 'Username or email is required',
      password: password ? undefined : 'Password is required',
    };
    setMissing(nextMissing);
    if (nextMissing.username || nextMissing.password) return;
    onSubmit({ username: username.trim(), password, remember });
  };

  const prefix = `login-${role}`;
  return (
    <AuthForm $spaced onSubmit={submit} noValidate aria-label={role === 'admin' ? 'Admin sign in' : 'User sign in'}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {error && signInLinkOffered ? <SignInLinkOffer username={username.trim()} /> : null}
      {/* The server opens the account by either; a username never holds an @. */}
      <Field label="Username or email" id={`${prefix}-username`} error={missing.username}>
        <Input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            // A "required" left under a filled field reads as if it were still wrong.
            if (event.target.value.trim()) setMissing((current) => ({ ...current, username: undefined }));
          }}
        />
      </Field>
      <Field label="Password" id={`${prefix}-password`} error={missing.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (event.target.value) setMissing((current) => ({ ...current, password: undefined }));
          }}
        />
      </Field>
      <Row>
        <Checkbox
          id={`${prefix}-remember`}
          label="Remember me"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        {role === 'user' ? (
          <Text as="span" size="sm">
            <Link to="/forgot-password">Forgot password?</Link>
          </Text>
        ) : null}
      </Row>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy} loadingLabel="Signing in...">
        {role === 'admin' ? 'Sign in as Admin' : 'Sign In'}
      </Button>
      {role === 'user' ? (
        <Text tone="muted" size="sm">
          New to Orbit?{' '}
          <Link to="/register" search={(previous) => ({ redirect: previous.redirect })}>
            Create an account
          </Link>
        </Text>
      ) : null}
    </AuthForm>
  );
}

const SignedInNotice = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

const AccountNotice = styled(FocusedNotice)`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;


const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
`;
