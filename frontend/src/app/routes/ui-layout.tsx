import { Outlet } from 'react-router-dom';
import { UiProvider } from '@/components/ui/provider';
import { Toaster } from '@/components/ui/toaster';

/**
 * The layout of every route but the landing: Chakra (with next-themes for the colour mode) and the
 * toaster. Loaded lazily, so the landing's JavaScript stays within its budget (~150 KB gzip).
 */
export default function UiLayout() {
  return (
    <UiProvider>
      <Outlet />
      <Toaster />
    </UiProvider>
  );
}
