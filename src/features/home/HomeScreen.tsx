import { BlogTeaser } from '../blog/BlogTeaser';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { AllFeatures } from './AllFeatures';
import { CallToAction } from './CallToAction';
import { FaqSection } from './FaqSection';
import { FeatureShowcases } from './FeatureShowcases';
import { HeroSection } from './HeroSection';
import { HomeCarousel, type CarouselActorRef } from './HomeCarousel';
import { useHomeTexts } from './home-defaults';
import { HowItWorks } from './HowItWorks';
import { PricingSection } from './PricingSection';
import { RadarSection } from './RadarSection';
import { StatsRow } from './StatsRow';
import { Testimonials } from './Testimonials';

export interface HomeScreenProps {
  /** Tests inject the carousel actor to drive it on their own clock. */
  carousel?: CarouselActorRef;
}

/** SPEC section 2 Home: every section, in the spec's order. */
export function HomeScreen({ carousel }: HomeScreenProps) {
  const texts = useHomeTexts();
  return (
    <>
      <HeroSection title={texts.heroTitle} subtitle={texts.heroSubtitle} />
      <MarketingSection id="highlights">
        <SectionHeader sectionId="highlights" eyebrow="Inside Orbit" title="Take a look around" />
        <HomeCarousel carousel={carousel} />
      </MarketingSection>
      <StatsRow stats={texts.stats} />
      <HowItWorks />
      <FeatureShowcases title={texts.featuresTitle} subtitle={texts.featuresSubtitle} />
      <Testimonials />
      <RadarSection />
      <BlogTeaser
        id="from-the-blog"
        eyebrow="From the Blog"
        title="Fresh reads on dating and Orbit"
        subtitle="Tips, stories and product news from the team."
      />
      <AllFeatures />
      <PricingSection />
      <CallToAction />
      <FaqSection />
    </>
  );
}
