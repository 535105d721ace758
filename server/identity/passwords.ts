import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP: scrypt with N=2^17, r=8, p=1. Tests lower N through the environment to stay fast.
const N = Number(process.env.SCRYPT_N ?? 2 ** 17);
const R = 8;
const P = 1;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r: R, p: P, maxmem: 256 * n * R }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Format: scrypt$N$salt$hash (base64), so the cost can rise later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N);
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A fixed hash to verify against when an email is unknown, so timing does not reveal it. */
export const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password');
