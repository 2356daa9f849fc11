import { Stack, Tabs } from '@chakra-ui/react';
import { LuBell, LuSlidersHorizontal, LuTriangleAlert, LuUser } from 'react-icons/lu';
import { PageHeader } from '@/components/page-header';
import { useUrlTab } from '@/lib/use-url-tab';
import { AdvancedTab } from './advanced-tab';
import { NotificationsTab } from './notifications-tab';
import { PreferencesTab } from './preferences-tab';
import { ProfileTab } from './profile-tab';

const TABS = [
  { id: 'profile', label: 'Profile', icon: LuUser, Content: ProfileTab },
  { id: 'notifications', label: 'Notifications', icon: LuBell, Content: NotificationsTab },
  { id: 'preferences', label: 'Preferences', icon: LuSlidersHorizontal, Content: PreferencesTab },
  { id: 'advanced', label: 'Advanced', icon: LuTriangleAlert, Content: AdvancedTab },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/** /home/settings (docs/product-rules.md#settings): Profile, Notifications, Preferences, Advanced; the tab is kept in the URL. */
export function SettingsPage() {
  const [tab, setTab] = useUrlTab(TAB_IDS, 'profile');

  return (
    <Stack gap="6">
      <PageHeader title="Settings" description="Your profile, notifications, preferences and account." />
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit variant="line" colorPalette="brand">
        <Tabs.List overflowX="auto" overflowY="hidden" scrollbarWidth="none">
          {TABS.map(({ id, label, icon: Icon }) => (
            <Tabs.Trigger key={id} value={id} flexShrink={0}>
              <Icon />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ id, Content }) => (
          <Tabs.Content key={id} value={id} pt="5">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
