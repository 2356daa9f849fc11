import { AboutUs } from '@/features/legal/components/about-us';

export default function AboutUsRoute() {
  return <AboutUs />;
}
