import type { Ref } from 'react';
import styled from 'styled-components';
import { ButtonLink, Card, Heading, px, Stack, Text } from '../../../ui';
import { PhotoFrame } from '../matches/MatchCard';
import { AdmirerGrid, CardBody } from './card-layout';

/** At most this many stand-in cards, however many people liked the member. */
export const LOCKED_CARDS_SHOWN = 6;

/**
 * A stand-in for a photo: soft shapes on the brand tints under a blur. The
 * server sends a free member no photos at all, so there is nothing to unblur.
 */
const BlurredPhoto = styled(PhotoFrame)`
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.pinkTint}, ${({ theme }) => theme.colors.purpleTint});

  &::before,
  &::after {
    content: '';
    position: absolute;
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    background: ${({ theme }) => theme.gradients.brand};
    opacity: 0.45;
    filter: blur(${({ theme }) => px(theme.space[4])});
  }
  /* A head and shoulders, as a photo of a person would have them. */
  &::before {
    width: 38%;
    height: 38%;
    top: 18%;
    left: 31%;
  }
  &::after {
    width: 80%;
    height: 45%;
    bottom: -12%;
    left: 10%;
  }
`;

const BlurredLine = styled.span<{ $width: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ theme }) => px(theme.font.sizes.sm)};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.skeleton};
  filter: blur(2px);
`;

const Unlock = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  text-align: center;
`;

/** '1 person likes you', '12 people like you'. */
export function likesYouText(count: number): string {
  return count === 1 ? '1 person likes you' : `${count.toLocaleString('en-US')} people like you`;
}

/** A free member's Likes you: how many, blurred stand-ins, and the way to VIP. */
export function LockedLikes({ count, headingRef }: { count: number; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <Stack gap={4}>
      <Unlock forwardedAs="section" aria-labelledby="likes-you-count">
        <Heading level={2} size="xl" id="likes-you-count" ref={headingRef} tabIndex={-1}>
          {likesYouText(count)}
        </Heading>
        <Text tone="muted">Get VIP to see who they are and like them back.</Text>
        <ButtonLink to="/vip">Get VIP to see who</ButtonLink>
      </Unlock>
      <AdmirerGrid aria-hidden="true">
        {Array.from({ length: Math.min(count, LOCKED_CARDS_SHOWN) }, (_, index) => (
          <li key={index}>
            <CardBody data-testid="locked-card">
              <BlurredPhoto />
              <BlurredLine $width="70%" />
              <BlurredLine $width="45%" />
            </CardBody>
          </li>
        ))}
      </AdmirerGrid>
    </Stack>
  );
}
