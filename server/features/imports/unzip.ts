// Unpacking an uploaded zip's CSV files, counting the bytes actually inflated (issue 25): a zip may declare
// 100 bytes for an entry that inflates to gigabytes, so what the zip says is only a first, cheap check.
// No Express, no database: run in a worker thread by unzip.worker.ts (sources.ts starts it).
import { inflateRawSync } from 'node:zlib';
import { type AsyncFlateStreamHandler, Unzip, type UnzipDecoder, unzipSync } from 'fflate';

export interface UnzippedFile {
  /** The entry's path in the zip. */
  name: string;
  bytes: Uint8Array;
}

/** Why a zip is refused: the bytes inflated (or declared) pass the limit, or it cannot be read. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'tooLarge' | 'badZip') {
    super(reason);
  }
}

const wanted = (name: string) => name.toLowerCase().split('/').pop()!.endsWith('.csv') && !name.startsWith('__MACOSX/');

/**
 * The .csv entries of `zip` (not under __MACOSX/), inflated. Refuses (ZipRefused 'tooLarge') once their
 * sizes as declared, or the bytes actually inflated, pass `maxBytes`: inflation stops there. A zip whose directory cannot be read, or whose entries cannot be inflated, is 'badZip'.
 */
export function unzipCsvFiles(zip: Uint8Array, maxBytes: number): UnzippedFile[] {
  // The central directory first (nothing inflated: the filter takes no entry): a broken zip is refused as
  // before, entries outside it are ignored, and the declared sizes refuse an honest big zip at once.
  const listed = new Set<string>();
  let declared = 0;
  try {
    unzipSync(zip, {
      filter: (f) => {
        if (!wanted(f.name)) return false;
        listed.add(f.name);
        declared += f.originalSize;
        return false;
      },
    });
  } catch {
    throw new ZipRefused('badZip');
  }
  if (declared > maxBytes) throw new ZipRefused('tooLarge');

  // Then each listed entry's bytes as the zip stores them (fflate's streaming Unzip reads the local headers:
  // data descriptors and ZIP64 too), inflated by zlib with the bytes left of the budget as its
  // maxOutputLength: zlib stops within 16 KB past it (fflate's own inflate is several times slower).
  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  let refused: ZipRefused | null = null;
  const unzip = new Unzip((file) => {
    if (!listed.has(file.name) || refused) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (refused) return;
      if (err) {
        refused = new ZipRefused('badZip');
        return;
      }
      chunks.push(data);
      if (!final) return;
      let bytes = concat(chunks);
      if (file.compression === 8) {
        try {
          bytes = new Uint8Array(inflateRawSync(bytes, { maxOutputLength: Math.max(1, maxBytes - inflated) }));
        } catch (e) {
          refused = new ZipRefused((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : 'badZip');
          return;
        }
      }
      inflated += bytes.length;
      if (inflated > maxBytes) refused = new ZipRefused('tooLarge');
      else files.set(file.name, bytes);
    };
    try {
      file.start();
    } catch {
      refused = new ZipRefused('badZip');
    }
  });
  unzip.register(StoredDeflate);
  try {
    unzip.push(zip, true);
  } catch {
    refused ??= new ZipRefused('badZip');
  }
  if (refused) throw refused;
  // Every listed entry is read whole (a zip cut short, or one whose local headers disagree with its directory, is not).
  if ([...listed].some((name) => !files.has(name))) throw new ZipRefused('badZip');
  return [...files].map(([name, bytes]) => ({ name, bytes }));
}

/** fflate's decoder for deflate (method 8) replaced: the entry's compressed bytes as they are, for zlib. */
class StoredDeflate implements UnzipDecoder {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  push(data: Uint8Array, final: boolean): void {
    this.ondata(null, data as Uint8Array<ArrayBuffer>, final);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]!.byteOffset === 0 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
