import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { ButtonLink, Card, Heading, px, Text } from '../../../ui';
import { useReturnHere } from '../../auth/useReturnHere';

/**
 * What a visitor sees on /live-stream instead of the Go Live set-up (issue 39):
 * watching and going live are for members. Signing in brings them back here.
 */
export function LiveVisitorPrompt() {
  const returnHere = useReturnHere();
  return (
    <Prompt forwardedAs="section" aria-labelledby="live-visitor-prompt-title">
      <Heading level={2} size="lg" id="live-visitor-prompt-title">
        Watch and go live on Orbit
      </Heading>
      <Text tone="muted">Live streams are for members: sign in to watch whoever is live, chat with them, or start a stream of your own.</Text>
      <ButtonLink to="/login" search={returnHere}>
        Sign in to watch or go live
      </ButtonLink>
      <Text size="sm" tone="muted">
        New to Orbit?{' '}
        <Link to="/register" search={returnHere}>
          Create an account
        </Link>
      </Text>
    </Prompt>
  );
}

const Prompt = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[3])};
`;
