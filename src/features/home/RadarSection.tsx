import { ButtonLink, px } from '../../ui';
import styled from 'styled-components';
import { HomeRadar } from '../discovery/radar/HomeRadar';
import { MarketingSection, SectionHeader } from '../marketing/Section';

/** SPEC section 2 interactive radar: the discovery radar around the Home page's fixed point. */
export function RadarSection() {
  return (
    <MarketingSection id="radar" tone="alt">
      <SectionHeader
        sectionId="radar"
        eyebrow="Interactive Radar"
        title="Who is around right now"
        subtitle="A live look at people near Mumbai within 50 km. Sign up to see who is near you."
      />
      <RadarFrame>
        <HomeRadar />
      </RadarFrame>
      <More>
        <ButtonLink to="/radar" variant="secondary">
          Open the full radar
        </ButtonLink>
      </More>
    </MarketingSection>
  );
}

const RadarFrame = styled.div`
  max-width: ${({ theme }) => px(theme.sizes.containerMax * 0.75)};
  margin-inline: auto;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => px(theme.space[6])};
`;
