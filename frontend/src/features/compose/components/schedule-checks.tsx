import { Alert, Button, List, Stack } from '@chakra-ui/react';
import type { SocialAccount } from '@shared/accounts';
import { publishProblemAt, type ListedConnection } from '@shared/connection-health';
import { limitWarningMessage, type LimitWarning } from '@shared/platform-limits';
import type { Platform } from '@shared/platforms';
import { localInputToIso } from '@/lib/time';

/** The compose field's local time as UTC ISO; null when empty or not yet a whole date and time. */
export function scheduledIsoOrNull(local: string, zone: string): string | null {
  if (!local) return null;
  try {
    return localInputToIso(local, zone);
  } catch {
    return null;
  }
}

/**
 * Over a platform's cap at the chosen time: what, when it is free, and the way to go ahead anyway.
 * The text is built here in the zone compose shows times in, so it agrees with the schedule field.
 */
export function LimitWarnings({ warnings, zone, onCancel }: { warnings: LimitWarning[]; zone: string; onCancel: () => void }) {
  if (warnings.length === 0) return null;
  return (
    <Alert.Root status="warning" rounded="xl" data-testid="limit-warnings">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>This schedule is over a platform limit</Alert.Title>
        <List.Root gap="1" textStyle="sm" ps="4">
          {warnings.map((w) => (
            <List.Item key={w.social_account_id}>{limitWarningMessage(w, zone)}</List.Item>
          ))}
        </List.Root>
        <Alert.Description>Pick another time, or schedule anyway: the platform may refuse the post when it goes out.</Alert.Description>
        <Stack direction="row" gap="2">
          <Button type="submit" size="sm" colorPalette="orange">
            Schedule anyway
          </Button>
          <Button size="sm" variant="outline" onClick={onCancel}>
            Change the time
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

interface ConnectionFlagsProps {
  accounts: SocialAccount[];
  accountIds: string[];
  /** The chosen time (UTC ISO), or null for a draft. */
  scheduledAt: string | null;
  /** Platforms the user's plan includes now; undefined while unknown (then nothing is flagged for it). */
  allowedPlatforms?: readonly Platform[] | undefined;
}

/**
 * The accounts that cannot publish at `scheduledAt`, each with the Posts card's words ("@acme's
 * Instagram connection expires before this post's time; reconnect on Platforms"), known from the
 * accounts list: nothing is fetched.
 */
export function connectionProblemsAt({ accounts, accountIds, scheduledAt, allowedPlatforms }: ConnectionFlagsProps): { id: string; message: string }[] {
  if (!scheduledAt) return [];
  return accountIds.flatMap((id) => {
    const account = accounts.find((a) => a.id === id) as ListedConnection | undefined;
    if (!account) return [];
    const listed: ListedConnection = { ...account, health: account.health ?? { expires_at: null, missing_publish_permission: false } };
    const message = publishProblemAt(
      {
        account: listed,
        platform: account.platform,
        accountName: account.account_name,
        planAllows: allowedPlatforms ? allowedPlatforms.includes(account.platform) : true,
      },
      scheduledAt,
    );
    return message ? [{ id, message }] : [];
  });
}

/** The accounts that cannot publish at the chosen time, under the schedule field (see connectionProblemsAt). */
export function ConnectionFlags(props: ConnectionFlagsProps) {
  const problems = connectionProblemsAt(props);
  if (problems.length === 0) return null;
  return (
    <Alert.Root status="warning" rounded="xl" data-testid="connection-flags">
      <Alert.Indicator />
      <Alert.Content>
        <List.Root gap="1" textStyle="sm">
          {problems.map((p) => (
            <List.Item key={p.id} listStyleType="none">
              {p.message}
            </List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
