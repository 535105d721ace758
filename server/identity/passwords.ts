import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { serviceBusy } from '../http/errors';

// OWASP: scrypt with N=2^17, r=8, p=1. Tests lower N through the environment to stay fast.
const N = Number(process.env.SCRYPT_N ?? 2 ** 17);
const R = 8;
const P = 1;
const KEYLEN = 64;

/**
 * Bounds how many password hashes run at once (finding 13): scrypt at N=2^17 takes ~128 MB and a
 * core for a few hundred ms, so a burst of sign-ins must queue, not run side by side. A small queue
 * waits; past it the caller gets 503 with Retry-After. Every hash (sign-in, reset, invite, account)
 * goes through the one queue, so memory stays at `concurrency` hashes whatever arrives.
 */
export class HashQueue {
  running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly concurrency: number, readonly maxWaiting: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.maxWaiting) throw serviceBusy(2);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}

export const passwordHashQueue = new HashQueue(
  Math.max(1, Number(process.env.PASSWORD_HASH_CONCURRENCY ?? 2)),
  Math.max(0, Number(process.env.PASSWORD_HASH_QUEUE ?? 16)),
);

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return passwordHashQueue.run(() => deriveNow(password, salt, n));
}

function deriveNow(password: string, salt: Buffer, n: number): Promise<Buffer> {
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
