import { Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { LuBell, LuKeyRound, LuSlidersHorizontal, LuTriangleAlert, LuUser, LuWebhook } from 'react-icons/lu';
import { PageHeader } from '@/components/page-header';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import { useUrlTab } from '@/lib/use-url-tab';
import { AdvancedTab } from './advanced-tab';
import { ApiKeysTab } from './api-keys-tab';
import { NotificationsTab } from './notifications-tab';
import { PreferencesTab } from './preferences-tab';
import { ProfileTab } from './profile-tab';
import { WebhooksTab } from './webhooks-tab';

const TABS = [
  { id: 'profile', label: 'Profile', icon: LuUser, Content: ProfileTab },
  { id: 'notifications', label: 'Notifications', icon: LuBell, Content: NotificationsTab },
  { id: 'preferences', label: 'Preferences', icon: LuSlidersHorizontal, Content: PreferencesTab },
  { id: 'api-keys', label: 'API keys', icon: LuKeyRound, Content: ApiKeysTab, admin: true },
  { id: 'webhooks', label: 'Webhooks', icon: LuWebhook, Content: WebhooksTab, admin: true },
  { id: 'advanced', label: 'Advanced', icon: LuTriangleAlert, Content: AdvancedTab },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/**
 * /home/settings (docs/product-rules.md#settings): Profile, Notifications, Preferences, API keys and
 * Webhooks (Admins and the Owner of the current workspace, docs/public-api.md, docs/webhooks.md), Advanced; the tab is kept in the URL.
 */
export function SettingsPage() {
  const [tab, setTab] = useUrlTab(TAB_IDS, 'profile');
  const { can, isPending } = useCurrentWorkspace();
  const tabs = TABS.filter((t) => !('admin' in t) || can('admin'));
  // An Admin's tab in the link is known to be theirs only once the workspace's role is: until then, a
  // loading state rather than an empty panel; a member who may not open it sees their Profile.
  const shown = tabs.some((t) => t.id === tab) ? tab : 'profile';
  const header = <PageHeader title="Settings" description="Your profile, notifications, preferences and account." />;
  if (isPending && shown !== tab)
    return (
      <Stack gap="6">
        {header}
        <Skeleton h="10" rounded="md" aria-label="Loading settings" />
      </Stack>
    );

  return (
    <Stack gap="6">
      {header}
      <Tabs.Root value={shown} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit variant="line" colorPalette="brand">
        {/* Six tabs do not fit a phone's width: they wrap onto a second row rather than scroll out of sight. */}
        <Tabs.List flexWrap={{ base: 'wrap', md: 'nowrap' }} overflowX={{ base: 'visible', md: 'auto' }} overflowY="hidden" scrollbarWidth="none">
          {tabs.map(({ id, label, icon: Icon }) => (
            <Tabs.Trigger key={id} value={id} flexShrink={0}>
              <Icon />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, Content }) => (
          <Tabs.Content key={id} value={id} pt="5">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
