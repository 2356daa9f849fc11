import { UpcomingSection } from '@/components/upcoming-section';

/** Replaced by the posts feature (issue 4). */
export default function PostsRoute() {
  return <UpcomingSection title="Posts" />;
}
