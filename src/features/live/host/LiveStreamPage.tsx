import styled from 'styled-components';
import { Container, Heading, px } from '../../../ui';
import { useAuth } from '../../auth/AuthProvider';
import { LiveNowList } from '../now/LiveNowList';
import { LiveVisitorPrompt } from '../now/LiveVisitorPrompt';
import { LiveStreamScreen } from './LiveStreamScreen';

/**
 * /live-stream: a member sets up and goes live (beside who is live now); a
 * visitor sees who is live and is asked to sign in to watch or go live.
 */
export function LiveStreamPage() {
  const { isUser, isAdmin } = useAuth();
  // With an admin token too, requests carry the admin's: a stream is a member's own.
  if (isUser && !isAdmin) return <LiveStreamScreen />;
  return (
    <Page>
      <Heading level={1}>Live Stream</Heading>
      <LiveVisitorPrompt />
      <LiveNowList />
    </Page>
  );
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[6])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
