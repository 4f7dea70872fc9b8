import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Button, Heading, px, Text } from '../../../ui';
import { useAuth } from '../../auth/AuthProvider';

interface AdminPageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Sub-screens link back to the dashboard; the dashboard itself does not. */
  backToDashboard?: boolean;
}

/** The top of every admin screen: where you are, the way back, and Logout (SPEC section 2). */
export function AdminPageHeader({ title, description, backToDashboard = false }: AdminPageHeaderProps) {
  const { isLeaving, send } = useAuth();
  return (
    <Bar>
      <Titles>
        {backToDashboard && (
          <BackLink>
            <Link to="/admin" search={{ tab: 'dashboard' }}>
              <span aria-hidden="true">←</span> Dashboard
            </Link>
          </BackLink>
        )}
        <Heading level={1}>{title}</Heading>
        {description && <Text tone="muted">{description}</Text>}
      </Titles>
      <Button type="button" variant="secondary" loading={isLeaving} onClick={() => send({ type: 'LOGOUT' })}>
        Logout
      </Button>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
`;

const BackLink = styled.p`
  align-self: flex-start;
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  a {
    color: ${({ theme }) => theme.colors.purpleDark};
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }
`;
