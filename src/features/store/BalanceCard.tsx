import styled from 'styled-components';
import type { User } from '../../../contract/members/profile';
import { ButtonLink, Card, px, Skeleton, Text, theme } from '../../ui';
import { useReturnHere } from '../auth/useReturnHere';
import { CoinIcon } from './StoreIcons';
import { formatCount } from './format';

interface BalanceCardProps {
  isAuthenticated: boolean;
  /** Undefined while the account is still loading. */
  user: User | undefined;
}

/**
 * The signed-in user's real coin balance (from /user/me); signed out, an
 * invitation to sign in, since buying needs an account anyway.
 */
export function BalanceCard({ isAuthenticated, user }: BalanceCardProps) {
  const returnHere = useReturnHere();
  if (!isAuthenticated) {
    return (
      <Box forwardedAs="aside" aria-label="Your balance">
        <Text size="sm" tone="muted">
          Sign in to see your balance and buy coins.
        </Text>
        <ButtonLink to="/login" search={returnHere} size="sm">
          Login
        </ButtonLink>
      </Box>
    );
  }
  return (
    <Box forwardedAs="aside" aria-label="Your balance">
      <Text size="sm" tone="muted" weight="semibold">
        Your balance
      </Text>
      {user ? (
        <>
          <Amount>
            <Coin aria-hidden="true">
              <CoinIcon />
            </Coin>
            <strong>{formatCount(user.coins)}</strong>
            <span>coins</span>
          </Amount>
          {user.coinsOwed > 0 ? (
            <Text size="sm" tone="muted">
              {`${formatCount(user.coinsOwed)} coins owed for a payment your bank reversed: new coins settle it first, and spending waits until then.`}
            </Text>
          ) : null}
        </>
      ) : (
        <Skeleton width="100%" height={theme.space[8] + theme.space[2]} />
      )}
    </Box>
  );
}

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[2])};

  ${({ theme }) => theme.media.tablet} {
    min-width: ${({ theme }) => px(theme.space[16] * 4)};
  }
`;

const Amount = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme }) => theme.colors.muted};

  & strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
    font-weight: ${({ theme }) => theme.font.weights.bold};
    line-height: ${({ theme }) => theme.font.lineHeights.tight};
  }
`;

const Coin = styled.span`
  display: inline-flex;
  & svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;
