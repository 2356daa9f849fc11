import { useState, type Dispatch, type SetStateAction } from 'react';
import type { SocialAccount } from '@shared/accounts';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { ComposeDraft } from '../lib/build-post';
import { orderedPlatforms } from '../lib/build-post';

/** "Instagram was disconnected; it's no longer selected." */
export const platformDisconnectedMessage = (platform: Platform) => `${PLATFORM_NAMES[platform]} was disconnected; it's no longer selected.`;
/** "Instagram account bakery.old was disconnected; it's no longer selected." */
export const accountDisconnectedMessage = (platform: Platform, name: string) =>
  `${PLATFORM_NAMES[platform]} account ${name} was disconnected; it's no longer selected.`;

/**
 * The draft without accounts that are no longer connected (disconnected in another tab, revoked):
 * a platform none of whose ticked accounts is left leaves the selection. Captions stay in the draft,
 * so selecting the platform again after reconnecting brings its caption back. Null when nothing is gone.
 */
export function withoutGoneAccounts(
  draft: ComposeDraft,
  connected: readonly SocialAccount[],
  names: ReadonlyMap<string, string>,
): { draft: ComposeDraft; messages: string[] } | null {
  const live = new Set(connected.filter((a) => a.is_connected).map((a) => a.id));
  const messages: string[] = [];
  const accountIds: ComposeDraft['accountIds'] = {};
  const platforms: Platform[] = [];
  for (const platform of orderedPlatforms(draft.platforms)) {
    const ticked = draft.accountIds[platform] ?? [];
    const kept = ticked.filter((id) => live.has(id));
    if (kept.length === 0) {
      messages.push(platformDisconnectedMessage(platform));
      continue;
    }
    for (const id of ticked) if (!live.has(id)) messages.push(accountDisconnectedMessage(platform, names.get(id) ?? 'an account'));
    platforms.push(platform);
    accountIds[platform] = kept;
  }
  if (messages.length === 0) return null;
  return { draft: { ...draft, platforms, accountIds }, messages };
}

/**
 * Keeps the compose selection to connected accounts whenever the accounts list refreshes (a platform
 * disconnected in another tab stayed selected as "1 of 0 accounts", locked), and
 * says what left the selection until the user changes the selection again.
 */
export function useDisconnectedAccounts(draft: ComposeDraft, accounts: readonly SocialAccount[], setDraft: Dispatch<SetStateAction<ComposeDraft>>) {
  const [notes, setNotes] = useState<string[]>([]);
  // Every account name seen so far: a gone account is no longer in the list but its note names it.
  const listed = accounts.map((a) => `${a.id}\t${a.account_name}`).join('\n');
  const [seen, setSeen] = useState(() => ({ listed, names: withNames(new Map(), accounts) }));
  let names = seen.names;
  if (seen.listed !== listed) {
    names = withNames(seen.names, accounts);
    setSeen({ listed, names });
  }
  const pruned = withoutGoneAccounts(draft, accounts, names);
  // Acts when what is gone changes, during render (React's "adjust state on a prop change"), not on every render.
  const key = pruned ? pruned.messages.join('\n') : '';
  const [handledKey, setHandledKey] = useState('');
  if (key !== handledKey) {
    setHandledKey(key);
    if (pruned) {
      setDraft((current) => withoutGoneAccounts(current, accounts, names)?.draft ?? current);
      setNotes(pruned.messages);
    }
  }
  return { notes, clearNotes: () => setNotes([]) };
}

function withNames(names: ReadonlyMap<string, string>, accounts: readonly SocialAccount[]): ReadonlyMap<string, string> {
  const next = new Map(names);
  for (const account of accounts) next.set(account.id, account.account_name);
  return next;
}
