import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '@/components/feedback/full-page-loader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** /home/*: signed-out visitors go to the landing (or to /auth right after signing out, saying so when the session ended elsewhere). */
export function RequireAuth() {
  const { loading, user, signedOutByUser, sessionEnded } = useAuth();
  if (loading) return <FullPageLoader />;
  if (!user) return <Navigate to={signedOutByUser ? paths.auth.getHref({ ended: sessionEnded }) : paths.landing.getHref()} replace />;
  return <Outlet />;
}

/**
 * / and /auth: a signed-in user is sent to /home, or with /auth?claim=<session> to the Subscription
 * page, which attaches that paid checkout (the sign-in link of /complete-signup), or with
 * /auth?invite=<token> back to that invitation.
 */
export function RedirectIfSignedIn() {
  const { loading, user } = useAuth();
  const [params] = useSearchParams();
  if (loading) return <FullPageLoader />;
  if (user) {
    const claim = params.get('claim');
    const invite = params.get('invite');
    const to = claim ? paths.app.subscription.getHref({ claim }) : invite ? paths.invite.getHref(invite) : paths.app.root.getHref();
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
