import { createHash, createHmac, getDiffieHellman, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Cognito's SRP sign-in (USER_SRP_AUTH + PASSWORD_VERIFIER), as the SPA does it on AWS, for the
 * smoke test: the password never leaves this process. Cognito's group is the 3072-bit MODP prime
 * of RFC 3526 (Node's `modp15`) with g = 2; hashes are SHA-256 over the padded big-endian values.
 */
export const N = BigInt(`0x${getDiffieHellman('modp15').getPrime('hex')}`);
export const g = 2n;

/** Hex of a non-negative value, padded as Cognito expects: even length, and a leading 00 when the top bit is set. */
export function padHex(value: bigint): string {
  const hex = value.toString(16);
  if (hex.length % 2 === 1) return `0${hex}`;
  return '89abcdef'.includes(hex[0]!) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hashOfHex = (hex: string) => BigInt(`0x${sha256Hex(Buffer.from(hex, 'hex'))}`);

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

export const k = hashOfHex(padHex(N) + padHex(g));

/** x = H(salt | H(poolName | userId | ":" | password)): the private value the verifier was made from. */
export function passwordExponent(poolName: string, userId: string, password: string, saltHex: string): bigint {
  return hashOfHex(padHex(BigInt(`0x${saltHex}`)) + sha256Hex(`${poolName}${userId}:${password}`));
}

export interface SrpClient {
  /** SRP_A for InitiateAuth. */
  readonly A: string;
  /** The PASSWORD_VERIFIER challenge responses for Cognito's challenge parameters. */
  respond(
    challenge: { userPoolId: string; password: string; SRP_B: string; SALT: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string },
    now?: Date,
  ): Record<string, string>;
}

export function srpClient(a: bigint = BigInt(`0x${randomBytes(128).toString('hex')}`) % N): SrpClient {
  const A = modPow(g, a, N);
  return {
    A: A.toString(16),
    respond({ userPoolId, password, SRP_B, SALT, SECRET_BLOCK, USER_ID_FOR_SRP }, now = new Date()) {
      const B = BigInt(`0x${SRP_B}`);
      if (B % N === 0n) throw new Error('Cognito sent an invalid SRP_B');
      const u = hashOfHex(padHex(A) + padHex(B));
      const poolName = userPoolId.split('_')[1] ?? '';
      const x = passwordExponent(poolName, USER_ID_FOR_SRP, password, SALT);
      const S = modPow(B - k * modPow(g, x, N), a + u * x, N);
      const key = Buffer.from(hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16));
      const timestamp = cognitoTimestamp(now);
      const signature = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from(poolName), Buffer.from(USER_ID_FOR_SRP), Buffer.from(SECRET_BLOCK, 'base64'), Buffer.from(timestamp)]))
        .digest('base64');
      return { USERNAME: USER_ID_FOR_SRP, PASSWORD_CLAIM_SECRET_BLOCK: SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature };
    },
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "Tue Nov 5 09:03:07 UTC 2026": Cognito's TIMESTAMP format (the day is not padded). */
export function cognitoTimestamp(d: Date): string {
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}
