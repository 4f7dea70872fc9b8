import styled, { css } from 'styled-components';
import type { User } from '../../../contract/members/profile';
import type { VipSubscription } from '../../../contract/store/subscriptions';
import { Badge, px } from '../../ui';
import { CrownIcon } from './StoreIcons';
import { SubscriptionControls } from './SubscriptionControls';
import { formatExpiryDate } from './format';

export interface VipStatusBannerProps {
  user: User | undefined;
  /** The member's VIP subscription (issue 48); null or left out when they have none. */
  subscription?: VipSubscription | null;
  /** Opens the withdrawal's confirmation (the screen holds it: it outlives the subscription). */
  onWithdraw?: (subscription: VipSubscription) => void;
}

/**
 * SPEC section 2: a VIP member sees their membership and its expiry date (a
 * subscriber: its renewal or end date, in the controls); anyone else (including a
 * visitor) is invited to 'Unlock VIP Features'. A subscriber gets its controls
 * either way: one whose renewal failed is no longer VIP but may still cancel.
 */
export function VipStatusBanner({ user, subscription = null, onWithdraw }: VipStatusBannerProps) {
  const controls = subscription ? (
    <Controls>
      <SubscriptionControls subscription={subscription} onWithdraw={onWithdraw} />
    </Controls>
  ) : null;
  if (user?.isVIP) {
    const level = user.vipTier ?? subscription?.planName ?? null;
    const plan = level ? `${level} membership` : 'membership';
    const until = formatExpiryDate(user.vipUntil);
    // A subscriber reads where their membership stands in the controls' own line: said once.
    const summary = controls ? null : until ? `Your ${plan} is active until ${until}.` : `Your ${plan} has no end date.`;
    return (
      <Banner aria-labelledby="vip-status-title" $member>
        <Icon aria-hidden="true">
          <CrownIcon />
        </Icon>
        <Body>
          <TitleRow>
            <Title id="vip-status-title">You are a VIP member</Title>
            <Badge tone="vip">{level ?? 'VIP'}</Badge>
          </TitleRow>
          {summary ? <p>{summary}</p> : null}
          {controls}
        </Body>
      </Banner>
    );
  }
  return (
    <Banner aria-labelledby="vip-status-title" $member={false}>
      <Icon aria-hidden="true">
        <CrownIcon />
      </Icon>
      <Body>
        <Title id="vip-status-title">Unlock VIP Features</Title>
        <p>Get unlimited likes, see who liked you, boost your profile and message anyone.</p>
        {controls}
      </Body>
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

const Body = styled.div`
  flex: 1;
  min-width: 0;
`;

// On the page's own surface: the banner's brand gradient gives too little contrast for body text, notices and buttons.
const Controls = styled.div`
  margin-top: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
