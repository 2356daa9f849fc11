import { Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { MeResponse } from '@shared/settings';
import { toaster } from '@/components/ui/toaster';
import { useMe } from '@/lib/api/me';
import { useUpdateSettings } from '../api/update-settings';
import { SettingsCard } from './settings-card';

/** The browser's answer to the permission prompt; 'denied' where the browser has no notifications. */
async function askForNotificationPermission(): Promise<NotificationPermission> {
  if (typeof window.Notification?.requestPermission !== 'function') return 'denied';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return 'denied';
  }
}

function PushToggle({ me }: { me: MeResponse }) {
  const [enabled, setEnabled] = useState(me.settings.push_opt_in);
  const [asking, setAsking] = useState(false);
  // Ark leaves its native checkbox checked when a click's change is refused; a fresh switch (same
  // focus) keeps what assistive technology reads in step with what the toggle shows.
  const [generation, setGeneration] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (generation > 0) input.current?.focus({ preventScroll: true });
  }, [generation]);
  const revert = (value: boolean) => {
    setEnabled(value);
    setGeneration((g) => g + 1);
  };
  const save = useUpdateSettings({
    onSuccess: () => toaster.success({ title: 'Settings updated successfully!' }),
    onError: (error, body) => {
      revert(!body.push_opt_in);
      toaster.error({ title: 'Error updating settings', description: error.message });
    },
  });

  async function change(checked: boolean) {
    if (!checked) {
      setEnabled(false);
      save.mutate({ push_opt_in: false });
      return;
    }
    setAsking(true);
    const permission = await askForNotificationPermission();
    setAsking(false);
    if (permission !== 'granted') {
      // docs/product-rules.md#notifications: anything but a grant resets the toggle (it only turns on after the grant).
      revert(false);
      toaster.error({ title: 'Notifications blocked', description: 'Please enable notifications in your browser settings' });
      return;
    }
    setEnabled(true);
    save.mutate({ push_opt_in: true });
  }

  return (
    <Switch.Root
      key={generation}
      colorPalette="brand"
      checked={enabled}
      disabled={asking || save.isPending}
      onCheckedChange={(event) => void change(event.checked)}
    >
      <Switch.HiddenInput ref={input} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Stack gap="0">
        <Switch.Label>Browser push notifications</Switch.Label>
        <Text textStyle="xs" color="fg.muted">
          Get a browser notification when a post is published or fails.
        </Text>
      </Stack>
    </Switch.Root>
  );
}

/** "Email me about approvals": posts to review, and the decisions on one's own (docs/approvals.md#notices). */
function ApprovalEmailToggle({ me }: { me: MeResponse }) {
  const [enabled, setEnabled] = useState(me.settings.email_approvals);
  const save = useUpdateSettings({
    onSuccess: () => toaster.success({ title: 'Settings updated successfully!' }),
    onError: (error, body) => {
      setEnabled(!body.email_approvals);
      toaster.error({ title: 'Error updating settings', description: error.message });
    },
  });
  return (
    <Switch.Root
      colorPalette="brand"
      checked={enabled}
      disabled={save.isPending}
      onCheckedChange={(event) => {
        setEnabled(event.checked);
        save.mutate({ email_approvals: event.checked });
      }}
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Stack gap="0">
        <Switch.Label>Email me about approvals</Switch.Label>
        <Text textStyle="xs" color="fg.muted">
          Posts submitted for your approval, and the decisions on posts you submitted. The bell shows them either way.
        </Text>
      </Stack>
    </Switch.Root>
  );
}

/** Settings → Notifications: browser push and approval e-mails (docs/product-rules.md#settings, #notifications). */
export function NotificationsTab() {
  const me = useMe();
  return (
    <SettingsCard title="Notifications" description="Choose how we let you know about your posts.">
      {me.data ? (
        <Stack gap="5">
          <PushToggle key={me.data.userId} me={me.data} />
          <ApprovalEmailToggle key={`${me.data.userId}-email`} me={me.data} />
        </Stack>
      ) : (
        <Skeleton h="8" w="64" />
      )}
    </SettingsCard>
  );
}
