import { Link, linkOptions } from '@tanstack/react-router';
import styled from 'styled-components';
import { Heading, px } from '../../../ui';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

// SPEC section 2 lists the first four; unlike the original, every one opens a working screen.
// Member Reports and Live Streams sit with the other moderation screens (users, payouts).
const ACTIONS = [
  {
    label: 'Content Manager',
    description: 'Home page texts, stats and blog posts',
    link: linkOptions({ to: '/admin', search: { tab: 'content' } }),
    icon: <path {...stroke} d="M4 5h16M4 12h10M4 19h16" />,
  },
  {
    label: 'Manage Users',
    description: 'Search, ban, unban and grant VIP',
    link: linkOptions({ to: '/admin/users' }),
    icon: <path {...stroke} d="M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />,
  },
  {
    label: 'Withdrawals',
    description: 'Approve or reject payout requests',
    link: linkOptions({ to: '/admin/withdrawals' }),
    icon: <path {...stroke} d="M3 7h18v10H3zM12 10v4M7 12h.01M17 12h.01" />,
  },
  {
    label: 'Member Reports',
    description: 'Review reports, resolve or ban',
    link: linkOptions({ to: '/admin/reports' }),
    icon: <path {...stroke} d="M5 21V4M5 4h11l-2 4 2 4H5" />,
  },
  {
    label: 'Live Streams',
    description: 'See who is live, end a stream',
    link: linkOptions({ to: '/admin/streams' }),
    icon: <path {...stroke} d="M12 12h.01M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />,
  },
  {
    label: 'Store Catalogue',
    description: 'Gifts, coin packs and VIP plans',
    link: linkOptions({ to: '/admin/catalogue' }),
    icon: <path {...stroke} d="M4 8h16v12H4zM4 8l2-4h12l2 4M12 8v12" />,
  },
  {
    label: 'Settings',
    description: 'App name and download link',
    link: linkOptions({ to: '/admin/settings' }),
    icon: <path {...stroke} d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19 12h2M3 12h2M12 3v2M12 19v2" />,
  },
];

export function QuickActions() {
  return (
    <Section aria-labelledby="quick-actions-heading">
      <Heading level={2} size="lg" id="quick-actions-heading">
        Quick Actions
      </Heading>
      <List>
        {ACTIONS.map((action) => (
          <li key={action.label}>
            <Link {...action.link}>
              <Icon viewBox="0 0 24 24" aria-hidden="true">
                {action.icon}
              </Icon>
              <span>
                <strong>{action.label}</strong>
                <small>{action.description}</small>
              </span>
            </Link>
          </li>
        ))}
      </List>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => px(theme.space[3])};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  /* Seven actions: a row of four over three, rather than two rows of three and one left over. */
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[3])};
    height: 100%;
    min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
    padding: ${({ theme }) => px(theme.space[4])};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => px(theme.radii.card)};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    transition:
      border-color ${({ theme }) => theme.motion.fast},
      box-shadow ${({ theme }) => theme.motion.fast};

    &:hover {
      border-color: ${({ theme }) => theme.colors.purple};
      box-shadow: ${({ theme }) => theme.shadows.card};
    }

    & > span {
      display: flex;
      flex-direction: column;
      min-width: 0;
    }

    strong {
      font-weight: ${({ theme }) => theme.font.weights.semibold};
    }

    small {
      color: ${({ theme }) => theme.colors.muted};
      font-size: ${({ theme }) => px(theme.font.sizes.xs)};
    }
  }
`;

const Icon = styled.svg`
  flex: none;
  width: ${({ theme }) => px(theme.space[8] + theme.space[2])};
  height: ${({ theme }) => px(theme.space[8] + theme.space[2])};
  padding: ${({ theme }) => px(theme.space[2])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.purpleDark};
`;
