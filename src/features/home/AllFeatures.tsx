import { FeatureCard, FeatureGrid } from '../marketing/FeatureCard';
import { FEATURES } from '../marketing/feature-catalogue';
import { MarketingSection, SectionHeader } from '../marketing/Section';

/** SPEC section 2 all-features grid: every feature, each opening its screen. */
export function AllFeatures() {
  return (
    <MarketingSection id="all-features" tone="alt">
      <SectionHeader
        sectionId="all-features"
        eyebrow="All Features"
        title="One app, every way to connect"
        subtitle="Everything Orbit offers, from the first hello to your first date."
      />
      <FeatureGrid>
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.title} feature={feature} />
        ))}
      </FeatureGrid>
    </MarketingSection>
  );
}
