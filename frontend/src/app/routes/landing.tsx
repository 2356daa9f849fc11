import { PublicLayout } from '@/components/layouts/public-layout';
import { FeatureTiles } from '@/features/landing/components/feature-tiles';
import { Hero } from '@/features/landing/components/hero';
import { PlansSection } from '@/features/landing/components/plans-section';

export default function LandingRoute() {
  return (
    <PublicLayout>
      <Hero />
      <PlansSection />
      <FeatureTiles />
    </PublicLayout>
  );
}
