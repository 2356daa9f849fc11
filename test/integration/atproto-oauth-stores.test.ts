import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { atprotoStates, LockBusyError, withAtprotoLock } from '../../functions/data/atproto-oauth';
import { atprotoLockKey, atprotoStateKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';

/*
 * What the atproto OAuth client (Bluesky's connect) keeps in our table, against the local DynamoDB:
 * its pending authorizations, which hold a DPoP private key, and the lease that keeps two functions
 * from refreshing one session at once (a refresh spends the refresh token).
 */

const aPendingAuthorization = () => ({
  iss: 'https://pds.example',
  dpopJwk: { kty: 'EC', crv: 'P-256', d: `private-${ulid()}`, x: 'x', y: 'y' },
  authMethod: { method: 'none' },
  verifier: `verifier-${ulid()}`,
  appState: `our-state-${ulid()}`,
});

describe('pending atproto authorizations', () => {
  it('keeps the value encrypted at rest and gives it back until it is deleted', async () => {
    const key = `client-state-${ulid()}`;
    const value = aPendingAuthorization();

    await atprotoStates.set(key, value);

    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: atprotoStateKey(key) }));
    expect(JSON.stringify(Item)).not.toContain(value.dpopJwk.d);
    expect(JSON.stringify(Item)).not.toContain(value.verifier);
    expect(await atprotoStates.get(key)).toEqual(value);

    await atprotoStates.del(key);
    expect(await atprotoStates.get(key)).toBeUndefined();
  });

  it('treats one past its expiry as gone, though DynamoDB has not swept it yet', async () => {
    const key = `client-state-${ulid()}`;
    await atprotoStates.set(key, aPendingAuthorization());
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: atprotoStateKey(key) }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...Item, expiresAt: Math.floor(Date.now() / 1000) - 1 } }));

    expect(await atprotoStates.get(key)).toBeUndefined();
  });
});

describe('the refresh lease', () => {
  it('lets one holder at a time run, so concurrent read-modify-writes lose nothing', async () => {
    const name = `session-${ulid()}`;
    let value = 0;
    let active = 0;
    let mostAtOnce = 0;
    const refresh = () =>
      withAtprotoLock(name, async () => {
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        const read = value;
        // A round trip inside the lease, as a refresh makes one, lets the others try to get in.
        await db().send(new GetCommand({ TableName: tableName(), Key: atprotoLockKey(name) }));
        value = read + 1;
        active--;
      });

    await Promise.all(Array.from({ length: 5 }, refresh));

    expect(value).toBe(5);
    expect(mostAtOnce).toBe(1);
    // Released: the lease is gone once its holder is done.
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: atprotoLockKey(name) }))).Item).toBeUndefined();
  });

  it('gives up with LockBusyError while another holder keeps it, and runs nothing', async () => {
    const name = `session-${ulid()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const first = withAtprotoLock(name, async () => {
      entered();
      await held;
    });
    await holding;
    let ran = false;

    await expect(
      withAtprotoLock(
        name,
        async () => {
          ran = true;
        },
        { waitMs: 300 },
      ),
    ).rejects.toBeInstanceOf(LockBusyError);
    expect(ran).toBe(false);

    release();
    await first;
  });

  it('takes over a lease whose holder died (its lease ended)', async () => {
    const name = `session-${ulid()}`;
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...atprotoLockKey(name), type: 'AtprotoLock', owner: 'crashed', leaseUntil: Date.now() - 1 } }),
    );

    await expect(withAtprotoLock(name, async () => 'refreshed', { waitMs: 0 })).resolves.toBe('refreshed');
  });
});
