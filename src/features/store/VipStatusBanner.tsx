import styled, { css } from 'styled-components';
import type { User } from '../../../contract/members/profile';
import { Badge, px } from '../../ui';
import { CrownIcon } from './StoreIcons';
import { formatExpiryDate } from './format';

/**
 * SPEC section 2: a VIP member sees their membership and its expiry date;
 * anyone else (including a visitor) is invited to 'Unlock VIP Features'.
 */
export function VipStatusBanner({ user }: { user: User | undefined }) {
  if (user?.isVIP) {
    const until = formatExpiryDate(user.vipUntil);
    const plan = user.vipTier ? `${user.vipTier} membership` : 'membership';
    return (
      <Banner aria-labelledby="vip-status-title" $member>
        <Icon aria-hidden="true">
          <CrownIcon />
        </Icon>
        <div>
          <TitleRow>
            <Title id="vip-status-title">You are a VIP member</Title>
            <Badge tone="vip">{user.vipTier ?? 'VIP'}</Badge>
          </TitleRow>
          <p>{until ? `Your ${plan} is active until ${until}.` : `Your ${plan} has no end date.`}</p>
        </div>
      </Banner>
    );
  }
  return (
    <Banner aria-labelledby="vip-status-title" $member={false}>
      <Icon aria-hidden="true">
        <CrownIcon />
      </Icon>
      <div>
        <Title id="vip-status-title">Unlock VIP Features</Title>
        <p>Get unlimited likes, see who liked you, boost your profile and message anyone.</p>
      </div>
    </Banner>
  );
}

const Banner = styled.section<{ $member: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => px(theme.space[6])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  overflow-wrap: anywhere;

  ${({ theme, $member }) =>
    $member
      ? css`
          background: ${theme.colors.vipTint};
          border: ${px(theme.sizes.focusRing)} solid ${theme.colors.vip};
          color: ${theme.colors.vipText};
        `
      : css`
          background: ${theme.gradients.brand};
          color: ${theme.colors.onBrand};
          box-shadow: ${theme.shadows.raised};
        `}
`;

const Icon = styled.span`
  display: inline-flex;
  flex: none;
  & svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  color: inherit;
`;
