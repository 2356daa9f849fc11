import { UserPoolServiceImpl } from 'cognito-local/lib/services/userPoolService';

/**
 * The deployed pool is made with `signInCaseSensitive: false` (infra/constructs/auth.ts), so Cognito
 * finds a user by username or e-mail alias whatever the case: signing in, AdminGetUser and SignUp
 * (which answers UsernameExistsException) treat Ann@Example.com and ann@example.com as one person.
 * cognito-local compares exactly, so the same address in another case became a second account. Its
 * one lookup is made case-blind here, an exact match first.
 */
type Stored = { Username: string; Attributes?: { Name: string; Value?: string }[] };
type Lookup = (this: UserPoolServiceImpl, ctx: never, username: string) => Promise<Stored | null>;

let installed = false;

export function makeUserLookupCaseInsensitive(): void {
  if (installed) return;
  installed = true;
  const proto = UserPoolServiceImpl.prototype as unknown as { getUserByUsername: Lookup };
  const exact = proto.getUserByUsername;
  proto.getUserByUsername = async function (ctx, username) {
    const found = await exact.call(this, ctx, username);
    if (found || typeof username !== 'string') return found;
    const wanted = username.toLowerCase();
    const self = this as unknown as {
      options: { UsernameAttributes?: string[] };
      dataStore: { get(ctx: never, key: string, fallback: object): Promise<Record<string, Stored>> };
    };
    const byEmail = self.options.UsernameAttributes?.includes('email') ?? false;
    const users = Object.values(await self.dataStore.get(ctx, 'Users', {}));
    return (
      users.find(
        (user) =>
          user.Username.toLowerCase() === wanted ||
          (byEmail && user.Attributes?.some((a) => a.Name === 'email' && typeof a.Value === 'string' && a.Value.toLowerCase() === wanted)),
      ) ?? null
    );
  };
}
