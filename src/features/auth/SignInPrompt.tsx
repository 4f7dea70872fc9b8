import { Link } from '@tanstack/react-router';
import { ButtonLink, Cluster, EmptyState, Notice } from '../../ui';
import { useReturnHere } from './useReturnHere';

export interface SignInPromptProps {
  title: string;
  text: string;
}

/**
 * What a members-only screen shows a visitor: what the screen is for and the
 * two ways in. An error view ("Authentication required", Try Again) would
 * offer a retry that cannot help.
 */
export function SignInPrompt({ title, text }: SignInPromptProps) {
  const returnHere = useReturnHere();
  return (
    <EmptyState
      title={title}
      text={text}
      action={
        <Cluster justify="center">
          <ButtonLink to="/login" search={returnHere}>
            Login
          </ButtonLink>
          <ButtonLink to="/register" search={returnHere} variant="secondary">
            Sign Up
          </ButtonLink>
        </Cluster>
      }
    />
  );
}

/** Over sample content a visitor may try out (Spin, Messages): says it is a sample, with the way in. */
export function VisitorSampleNotice({ children }: { children: string }) {
  const returnHere = useReturnHere();
  return (
    <Notice tone="info">
      {children}{' '}
      <Link to="/login" search={returnHere}>
        Login
      </Link>
    </Notice>
  );
}
