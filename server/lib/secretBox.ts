// Sealing the client secrets of single sign-on connections (issue 30): AES-256-GCM with the key from SSO_SECRET_KEY
// (server/config.ts). Without that key, development and tests derive one from SESSION_SECRET (HKDF-SHA256) and say so
// once; production refuses to seal (and to open) with a clear message, and the app still starts. A sealed value is
// `v1.<iv>.<tag>.<ciphertext>` (base64url): a changed byte, another key or a cut value fails to open, never answers
// garbage. Nothing here logs or puts the plain secret in an error message.
import crypto from 'node:crypto';
import type { Config } from '../config';

export interface SecretBox {
  /** Whether this process can seal and open (false in production without SSO_SECRET_KEY). */
  readonly ready: boolean;
  /** The sealed text of a secret (throws SecretBoxUnavailable in production without a key). */
  seal(plain: string): string;
  /** The secret a sealed text holds (throws SecretBoxUnavailable without a key, SecretBoxRefused on anything it did not seal). */
  open(sealed: string): string;
}

/** Production without SSO_SECRET_KEY: no connection's secret can be stored or read. */
export class SecretBoxUnavailable extends Error {
  constructor() {
    super('Single sign-on secrets cannot be stored: set SSO_SECRET_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`) and restart.');
    this.name = 'SecretBoxUnavailable';
  }
}

/** A sealed value that does not open with this key (changed, cut, or sealed with another key). */
export class SecretBoxRefused extends Error {
  constructor() {
    super('A sealed single sign-on secret could not be opened: it was sealed with another SSO_SECRET_KEY or has been changed. Enter the client secret again.');
    this.name = 'SecretBoxRefused';
  }
}

export const DERIVED_KEY_WARNING = 'SSO_SECRET_KEY is not set: single sign-on client secrets are sealed with a key derived from SESSION_SECRET. Set SSO_SECRET_KEY (32 random bytes in base64) before production; production refuses to store a connection without it.';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type BoxConfig = Pick<Config, 'env' | 'sessionSecret' | 'sso'>;

const boxes = new WeakMap<object, SecretBox>();
let warned = false;

/** The secret box of a config (one per config object; the derived-key warning once per process). */
export function secretBoxFor(config: BoxConfig, warn: (message: string) => void = (m) => console.warn(m)): SecretBox {
  const kept = boxes.get(config);
  if (kept) return kept;
  const box = makeSecretBox(keyOf(config, () => {
    if (warned) return;
    warned = true;
    warn(DERIVED_KEY_WARNING);
  }));
  boxes.set(config, box);
  return box;
}

function keyOf(config: BoxConfig, onDerived: () => void): Buffer | null {
  if (config.sso.secretKey) return config.sso.secretKey;
  if (config.env === 'production') return null;
  onDerived();
  return Buffer.from(crypto.hkdfSync('sha256', config.sessionSecret, 'coachwell-sso-secret-box', 'client-secret', 32));
}

/** A box on a 32-byte key, or one that refuses everything (null). */
export function makeSecretBox(key: Buffer | null): SecretBox {
  if (key && key.length !== 32) throw new Error('The secret box needs a 32-byte key.');
  return {
    ready: key !== null,
    seal(plain: string): string {
      if (!key) throw new SecretBoxUnavailable();
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(VERSION));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      if (!key) throw new SecretBoxUnavailable();
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxRefused();
      const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxRefused();
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(VERSION));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxRefused();
      }
    },
  };
}
