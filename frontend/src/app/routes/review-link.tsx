import { AuthLayout } from '@/components/layouts/auth-layout';
import { PlatformPreview } from '@/features/compose/components/preview/platform-preview';
import { ReviewPage } from '@/features/review/components/review-page';

export default function ReviewLinkRoute() {
  return (
    <AuthLayout>
      <ReviewPage Preview={PlatformPreview} />
    </AuthLayout>
  );
}
