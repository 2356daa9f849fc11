import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '@/components/feedback/full-page-loader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** /home/*: signed-out visitors go to the landing (or to /auth right after signing out). */
export function RequireAuth() {
  const { loading, user, signedOutByUser } = useAuth();
  if (loading) return <FullPageLoader />;
  if (!user) return <Navigate to={signedOutByUser ? paths.auth.getHref() : paths.landing.getHref()} replace />;
  return <Outlet />;
}

/** / and /auth: a signed-in user is sent to /home. */
export function RedirectIfSignedIn() {
  const { loading, user } = useAuth();
  if (loading) return <FullPageLoader />;
  if (user) return <Navigate to={paths.app.root.getHref()} replace />;
  return <Outlet />;
}
