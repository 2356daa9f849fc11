import { Stack, Tabs } from '@chakra-ui/react';
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
  const { can } = useCurrentWorkspace();
  const tabs = TABS.filter((t) => !('admin' in t) || can('admin'));

  return (
    <Stack gap="6">
      <PageHeader title="Settings" description="Your profile, notifications, preferences and account." />
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit variant="line" colorPalette="brand">
        <Tabs.List overflowX="auto" overflowY="hidden" scrollbarWidth="none">
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
