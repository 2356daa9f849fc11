import { PLATFORM_NAMES, type Platform } from '@shared/platforms';

/**
 * "Facebook (Bakery Page) and X (@ada)": the accounts an action goes to, named the way the cards name
 * them, so a confirmation says exactly where a post is about to appear.
 */
export function targetNames(targets: readonly { platform: Platform; account_name: string }[]): string {
  const names = targets.map((t) => `${PLATFORM_NAMES[t.platform]} (${t.account_name})`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
