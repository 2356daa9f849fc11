import { Button, Field, HStack, NativeSelect, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { MODES, type MeResponse, type Mode } from '@shared/settings';
import { effectiveTimezone, TIMEZONES, timezoneLabel } from '@shared/timezones';
import { toaster } from '@/components/ui/toaster';
import { useMe } from '@/lib/api/me';
import { browserTimeZone } from '../api/save-initial-timezone';
import { useUpdateSettings } from '../api/update-settings';
import { SettingsCard } from './settings-card';

/** docs/product-rules.md#constants: saving settings with a mode reloads the page after 1 s (the shell re-reads the mode). */
export const RELOAD_DELAY_MS = 1000;

const MODE_LABELS: Record<Mode, string> = { creator: 'Creator (solo)', agency: 'Agency (manage clients)' };

function PreferencesForm({ me }: { me: MeResponse }) {
  const [timezone, setTimezone] = useState(() => effectiveTimezone(me.settings.timezone, browserTimeZone()));
  const [mode, setMode] = useState<Mode>(me.settings.mode);
  const save = useUpdateSettings({
    onSuccess: (_settings, body) => {
      toaster.success({ title: 'Settings updated successfully!' });
      if (body.mode) setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => toaster.error({ title: 'Error updating settings', description: error.message }),
  });
  // The browser's zone saved on first load may be outside the list (e.g. Europe/Vienna): keep it selectable.
  const zones: readonly string[] = TIMEZONES.includes(timezone as (typeof TIMEZONES)[number]) ? TIMEZONES : [timezone, ...TIMEZONES];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ timezone, mode });
      }}
    >
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Timezone</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field aria-label="Timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {timezoneLabel(zone)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Scheduled times are entered and shown in this timezone.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Mode</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field aria-label="Mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
              {MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_LABELS[m]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Agency mode adds client management to the sidebar.</Field.HelperText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            Save Settings
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** Settings → Preferences: timezone and mode (docs/product-rules.md#settings). */
export function PreferencesTab() {
  const me = useMe();
  return (
    <SettingsCard title="Preferences" description="Your timezone and how you use the app.">
      {me.data ? <PreferencesForm key={me.data.userId} me={me.data} /> : <Skeleton h="32" />}
    </SettingsCard>
  );
}
