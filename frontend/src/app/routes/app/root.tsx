import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  LuChartLine,
  LuCalendarDays,
  LuCreditCard,
  LuFileUp,
  LuHouse,
  LuListChecks,
  LuListOrdered,
  LuPlug,
  LuSettings,
  LuSquarePen,
  LuUserCog,
  LuUsers,
} from 'react-icons/lu';
import { Outlet } from 'react-router-dom';
import { MSG } from '@shared/messages';
import type { Mode } from '@shared/settings';
import { roleAtLeast, type Role } from '@shared/roles';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import type { NavItem } from '@/components/layouts/sidebar';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useUserEvents } from '@/features/notifications/api/use-user-events';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { useMe } from '@/lib/api/me';
import { useAgencyView } from '@/lib/api/clients';
import { useEnsureInitialTimezone } from '@/features/settings/api/save-initial-timezone';
import { afterPageLoad } from '@/lib/after-page-load';
import { loadAuthSession } from '@/lib/amplify-loader';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace, useResetToWorkspace } from '@/lib/api/workspaces';
import { chooseWorkspace } from '@/lib/current-workspace';
import { useRouteTitle } from '../../root-layout';

/**
 * Sidebar entries; Clients only for a user whose saved mode is agency (docs/product-rules.md#shell, #roles-and-permissions).
 * `role` is the person's role in the current workspace (undefined until known): Members for an Admin
 * or Owner, Subscription (billing) hidden only once the role is known not to be Owner.
 */
export function navItemsFor(mode: Mode | undefined, role?: Role): NavItem[] {
  const { app } = paths;
  const items: (NavItem | false)[] = [
    { label: 'Home', to: app.dashboard.getHref(), icon: LuHouse, end: true },
    { label: 'Compose', to: app.compose.getHref(), icon: LuSquarePen },
    { label: 'Schedule', to: app.schedule.getHref(), icon: LuCalendarDays },
    { label: 'Queue', to: app.queue.getHref(), icon: LuListOrdered },
    { label: 'Posts', to: app.posts.getHref(), icon: LuListChecks },
    { label: 'Import', to: app.import.getHref(), icon: LuFileUp },
    { label: 'Analytics', to: app.analytics.getHref(), icon: LuChartLine },
    { label: 'Platforms', to: app.platforms.getHref(), icon: LuPlug },
    mode === 'agency' && { label: 'Clients', to: app.clients.getHref(), icon: LuUsers },
    role !== undefined && roleAtLeast(role, 'admin') && { label: 'Members', to: app.members.getHref(), icon: LuUserCog },
    { label: 'Settings', to: app.settings.getHref(), icon: LuSettings },
    (role === undefined || role === 'owner') && { label: 'Subscription', to: app.subscription.getHref(), icon: LuCreditCard },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

export default function AppRoot() {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const me = useMe();
  useEnsureInitialTimezone(me.data);
  useUserEvents({ userId: user?.sub, pushOptIn: me.data?.settings.push_opt_in ?? false });
  const { workspace, chosenId, isFetching: workspacesFetching } = useCurrentWorkspace();
  const role = workspace?.role;
  const agency = useAgencyView();
  const navItems = useMemo(() => navItemsFor(agency ? 'agency' : 'creator', role), [agency, role]);
  const resetTo = useResetToWorkspace();
  // The workspace the list resolves to differs from the one the requests named: none was chosen yet,
  // or the person no longer belongs to the chosen one. Remember it; reload what was read in the wrong one.
  useEffect(() => {
    if (!workspace || workspace.id === chosenId || workspacesFetching) return;
    if (chosenId === null && workspace.id === user?.sub) chooseWorkspace(workspace.id);
    else resetTo(workspace.id);
  }, [workspace, chosenId, workspacesFetching, user?.sub, resetTo]);
  const pageTitle = useRouteTitle() ?? 'Dashboard';
  // A fresh stored session rendered this shell without Amplify; it loads once the page has painted, so
  // that its events (a refresh, a sign-out in another tab) reach the session as before.
  useEffect(() => {
    afterPageLoad()
      .then(loadAuthSession)
      .catch((error: unknown) => console.warn('Amplify did not load', error));
  }, []);

  async function refresh() {
    await queryClient.invalidateQueries({ refetchType: 'active' });
    toaster.success({ title: MSG.dataRefreshed });
  }

  function onSignOut() {
    // The /home guard sends a user who just signed out to /auth (docs/product-rules.md#routes).
    signOut().catch((error: unknown) => console.error('Sign-out failed', error));
  }

  return (
    <DashboardLayout
      title={pageTitle}
      navItems={navItems}
      workspaceSwitcher={<WorkspaceSwitcher />}
      notifications={<NotificationsMenu />}
      userEmail={user?.email ?? me.data?.email}
      userAvatarUrl={me.data?.profile.avatar_url}
      onSignOut={onSignOut}
      onRefresh={refresh}
    >
      <Outlet />
    </DashboardLayout>
  );
}
