import { Stack, Tabs } from '@chakra-ui/react';
import { LuBell, LuSlidersHorizontal, LuTriangleAlert, LuUser } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
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
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/** /home/settings (spec §2 Settings): Profile, Notifications, Preferences, Advanced; the tab is kept in the URL. */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabId = isTab(raw) ? raw : 'profile';

  return (
    <Stack gap="6">
      <PageHeader title="Settings" description="Your profile, notifications, preferences and account." />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setParams({ tab: details.value }, { replace: true })}
        lazyMount
        unmountOnExit
        variant="line"
        colorPalette="brand"
      >
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
