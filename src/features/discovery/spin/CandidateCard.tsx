import styled from 'styled-components';
import type { Candidate } from '../../../../contract/discovery';
import { Avatar, Badge, Heading, px, Text } from '../../../ui';
import { compatibilityLabel } from '../discover/compatibility';
import { DemoBadge } from '../../members/DemoBadge';

/**
 * SPEC section 9: the Spin card shows 3 interests and a compatibility label.
 * The SPEC's label is a fixed '85% compatibility'; the card says the
 * candidate's own score from the server in the same words, as Discover and
 * Matches do, so one person never reads as two numbers.
 */
export const SPIN_INTERESTS_SHOWN = 3;

const Body = styled.div<{ $shuffling: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  text-align: center;
  opacity: ${({ $shuffling }) => ($shuffling ? 0.75 : 1)};
  transition: opacity ${({ theme }) => theme.motion.fast};

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const Compatibility = styled.p`
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.pinkTint};
  color: ${({ theme }) => theme.colors.pinkDeep};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

export function CandidateCard({ candidate, shuffling }: { candidate: Candidate; shuffling: boolean }) {
  return (
    <Body $shuffling={shuffling}>
      <Avatar src={candidate.avatar} name={candidate.name} size={144} online={candidate.isOnline} statusShownBeside loading="eager" />
      <Heading level={2} size="xl">
        {candidate.name}
        {candidate.age !== null ? `, ${candidate.age}` : ''}
      </Heading>
      {candidate.region ? <Text tone="muted">{candidate.region}</Text> : null}
      {candidate.isOnline || candidate.isVIP || candidate.isDemo ? (
        <Chips aria-label="Status">
          {candidate.isDemo ? (
            <li>
              <DemoBadge person={candidate} />
            </li>
          ) : null}
          {candidate.isOnline ? (
            <li>
              <Badge tone="online">Online Now</Badge>
            </li>
          ) : null}
          {candidate.isVIP ? (
            <li>
              <Badge tone="vip">VIP</Badge>
            </li>
          ) : null}
        </Chips>
      ) : null}
      {candidate.interests.length > 0 ? (
        <Chips aria-label="Interests">
          {candidate.interests.slice(0, SPIN_INTERESTS_SHOWN).map((interest) => (
            <li key={interest}>
              <Badge tone="neutral">{interest}</Badge>
            </li>
          ))}
        </Chips>
      ) : null}
      <Compatibility>{compatibilityLabel(candidate.compatibility)}</Compatibility>
    </Body>
  );
}
