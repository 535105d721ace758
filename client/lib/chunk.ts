import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';

export type ChunkFailure = 'missing' | 'timeout' | string;

/** A screen chunk that could not load: names the chunk, the reason and the address (spec §8). */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly reason: ChunkFailure,
    readonly address: string,
  ) {
    super(`Loading chunk "${chunk}" failed (${reason}): ${address}`);
    this.name = 'ChunkLoadError';
  }
}

const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/;

/** Classifies an import() failure: a missing file, or the error's type. */
export function describeChunkFailure(error: unknown, fallbackAddress: string): { reason: ChunkFailure; address: string } {
  const message = error instanceof Error ? error.message : String(error);
  const address = message.match(URL_IN_MESSAGE)?.[1] ?? fallbackAddress;
  const missing = /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|404/i.test(message);
  return { reason: missing ? 'missing' : error instanceof Error ? error.name : typeof error, address };
}

/**
 * Loads a screen chunk, failing with a ChunkLoadError when the import fails or takes longer than
 * `timeoutMs` (CHUNK_LOAD_TIMEOUT_MS by default).
 */
export function loadChunk<T>(chunk: string, importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS, address = currentAddress()): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', address)), timeoutMs);
    importer().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (error) => {
        clearTimeout(timer);
        const { reason, address: where } = describeChunkFailure(error, address);
        reject(new ChunkLoadError(chunk, reason, where));
      },
    );
  });
}

function currentAddress(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}
