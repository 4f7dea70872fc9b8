import { lazy } from 'react';
import { LoadWhenNear, Text } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { HeroSection } from './HeroSection';
import { HomeCarousel, type CarouselActorRef } from './HomeCarousel';
import { useHomeTexts } from './home-defaults';
import { HowItWorks } from './HowItWorks';
import { StatsRow } from './StatsRow';

// Sections more than a screen below the fold: their code loads as the reader
// scrolls towards them, not with the page (issue 8: JavaScript for `/`).
const FeatureShowcases = lazy(() => import('./FeatureShowcases').then((module) => ({ default: module.FeatureShowcases })));
const Testimonials = lazy(() => import('./Testimonials').then((module) => ({ default: module.Testimonials })));
const RadarSection = lazy(() => import('./RadarSection').then((module) => ({ default: module.RadarSection })));
const BlogTeaser = lazy(() => import('../blog/BlogTeaser').then((module) => ({ default: module.BlogTeaser })));
const AllFeatures = lazy(() => import('./AllFeatures').then((module) => ({ default: module.AllFeatures })));
const PricingSection = lazy(() => import('./PricingSection').then((module) => ({ default: module.PricingSection })));
const CallToAction = lazy(() => import('./CallToAction').then((module) => ({ default: module.CallToAction })));
const FaqSection = lazy(() => import('./FaqSection').then((module) => ({ default: module.FaqSection })));
// Usually no one is live: the section's code and its query wait until the reader scrolls near, out of `/`'s first load.
const LiveNowSection = lazy(() => import('./LiveNowSection').then((module) => ({ default: module.LiveNowSection })));

// Discover says the same beside the people it shows (DemoBadge.tsx); Home's own words keep its first load small.
const DEMO_PEOPLE_ON_HOME = 'Profiles marked Demo are samples that answer automatically.';

export interface HomeScreenProps {
  /** Tests inject the carousel actor to drive it on their own clock. */
  carousel?: CarouselActorRef;
}

/** SPEC section 2 Home: every section, in the spec's order. */
export function HomeScreen({ carousel }: HomeScreenProps) {
  const texts = useHomeTexts();
  // Estimated heights are the sections' measured heights in Chromium (390 and 1280 px wide).
  return (
    <>
      <HeroSection title={texts.heroTitle} subtitle={texts.heroSubtitle} />
      {texts.demoPeople ? (
        <Text size="sm" tone="muted" align="center">
          {DEMO_PEOPLE_ON_HOME}
        </Text>
      ) : null}
      <MarketingSection id="highlights">
        <SectionHeader sectionId="highlights" eyebrow="Inside Orbit" title="Take a look around" />
        <HomeCarousel carousel={carousel} />
      </MarketingSection>
      <StatsRow stats={texts.stats} />
      <HowItWorks />
      <LoadWhenNear estimatedHeight={{ compact: 1916, wide: 1292 }} anchorId="showcases">
        <FeatureShowcases title={texts.featuresTitle} subtitle={texts.featuresSubtitle} />
      </LoadWhenNear>
      {/* No stand-in height: the section is empty unless someone is live. */}
      <LoadWhenNear estimatedHeight={{ compact: 0, wide: 0 }}>
        <LiveNowSection />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 994, wide: 475 }} anchorId="testimonials">
        <Testimonials />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 1364, wide: 939 }} anchorId="radar">
        <RadarSection />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 1797, wide: 842 }} anchorId="from-the-blog">
        <BlogTeaser
          id="from-the-blog"
          eyebrow="From the Blog"
          title="Fresh reads on dating and Orbit"
          subtitle="Tips, stories and product news from the team."
        />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 2685, wide: 783 }} anchorId="all-features">
        <AllFeatures />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 1448, wide: 672 }} anchorId="pricing">
        <PricingSection />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 400, wide: 330 }}>
        <CallToAction />
      </LoadWhenNear>
      <LoadWhenNear estimatedHeight={{ compact: 554, wide: 499 }} anchorId="faq">
        <FaqSection />
      </LoadWhenNear>
    </>
  );
}
