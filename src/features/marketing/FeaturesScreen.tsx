import styled from 'styled-components';
import { ButtonLink, Container, px } from '../../ui';
import { BlogTeaser } from '../blog/BlogTeaser';
import { useHomeTexts } from '../home/home-defaults';
import { FeatureCard, FeatureGrid } from './FeatureCard';
import { FEATURES } from './feature-catalogue';
import { MarketingSection } from './Section';
import { BandColumn, PageHero } from './PageHero';

/** The Features page's guides are the blog's Features posts. */
export const FEATURE_GUIDES_CATEGORY = 'Features';

/**
 * SPEC section 2 Features: cards linking to the screens (the first two to
 * /users and /spin), a teaser of three guides, Download Now and Sign Up Free.
 */
export function FeaturesScreen() {
  const texts = useHomeTexts();
  return (
    <>
      <PageHero eyebrow="Features" title={texts.featuresTitle} subtitle={texts.featuresSubtitle} />
      <MarketingSection id="feature-list" tone="alt">
        <h2 id="feature-list-title" className="visually-hidden">
          All features
        </h2>
        <FeatureGrid>
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </FeatureGrid>
      </MarketingSection>
      <BlogTeaser
        id="guides"
        eyebrow="Guides"
        title="Get the most out of every feature"
        subtitle="Short guides from the Orbit team on the radar, video calls, live streaming and more."
        category={FEATURE_GUIDES_CATEGORY}
      />
      <Closing aria-labelledby="features-cta-title">
        <Container>
          <ClosingInner>
            <ClosingTitle id="features-cta-title">Ready to try it yourself?</ClosingTitle>
            <p>Get the app on your phone, or start right here in your browser.</p>
            <Actions>
              <ButtonLink to="/download" size="lg">
                Download Now
              </ButtonLink>
              <ButtonLink to="/register" variant="secondary" size="lg">
                Sign Up Free
              </ButtonLink>
            </Actions>
          </ClosingInner>
        </Container>
      </Closing>
    </>
  );
}

const Closing = styled.section`
  background: ${({ theme }) => theme.colors.purpleTint};
  padding-block: ${({ theme }) => px(theme.space[16])};
`;

const ClosingInner = styled(BandColumn)`
  color: ${({ theme }) => theme.colors.neutralText};
`;

const ClosingTitle = styled.h2`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[3])};
`;
