import { FeatureTiles } from '@/features/landing/components/feature-tiles';
import { Hero } from '@/features/landing/components/hero';
import { LandingLayout } from '@/features/landing/components/landing-layout';
import { PlansSection } from '@/features/landing/components/plans-section';

/** Plain React and CSS, no Chakra: the landing's JavaScript must stay within 150 KB gzip. */
export default function LandingRoute() {
  return (
    <LandingLayout>
      <Hero />
      <PlansSection />
      <FeatureTiles />
    </LandingLayout>
  );
}
