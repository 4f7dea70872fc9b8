import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { liveNowQueryOptions } from '../../api/live';
import { ButtonLink, px } from '../../ui';
import { LiveNowCards } from '../live/now/LiveNowCards';
import { MarketingSection, SectionHeader } from '../marketing/Section';

/** Home shows a taste of who is live; /live-stream has the whole list. */
export const HOME_LIVE_CARDS = 4;

/**
 * Home's live section (issue 39), for visitors and members alike: there only
 * while someone is live. Loading, a failure or an empty list show nothing, as
 * a band that says "no one is live" would only be noise on the home page.
 */
export function LiveNowSection() {
  const live = useQuery(liveNowQueryOptions());
  const streams = live.data?.streams ?? [];
  if (streams.length === 0) return null;
  return (
    <MarketingSection id="live-now" tone="tint">
      <SectionHeader sectionId="live-now" eyebrow="On air" title="Live now" subtitle="Members streaming right now: drop in and say hello in the chat." />
      <LiveNowCards streams={streams.slice(0, HOME_LIVE_CARDS)} centered />
      <More>
        <ButtonLink to="/live-stream" variant="secondary">
          See all
        </ButtonLink>
      </More>
    </MarketingSection>
  );
}

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => px(theme.space[8])};
`;
