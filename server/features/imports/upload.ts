// Reading an upload: a multipart form (one file, or OneRoster users.csv + orgs.csv (+ roles.csv)),
// or a raw body (text/csv, pasted rows, or a zip) with the file name in `?file_name=`. At most
// IMPORT_MAX_BYTES of files; anything more answers 413 before the rest is read.
import busboy from 'busboy';
import type { Request } from 'express';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { badRequest, HttpError, validationError } from '../../http/errors';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge, 'payload_too_large', undefined, { Connection: 'close' });
/** Room for multipart boundaries and part headers around the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function safeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(0, 200);
}

/** The declared length, refused early when it cannot fit. */
export function refuseDeclaredTooLarge(req: Request): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
}

function readRaw(req: Request): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        failed = true;
        req.unpipe();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => !failed && resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on('error', (err) => !failed && reject(err));
  });
}

function readMultipart(req: Request): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 10, fileSize: IMPORT_MAX_BYTES, fields: 20, parts: 30 } });
    } catch {
      reject(badRequest('The upload could not be read.'));
      return;
    }
    const files: UploadedFile[] = [];
    let total = 0;
    let failed: HttpError | null = null;
    const fail = (err: HttpError) => {
      if (failed) return;
      failed = err;
      req.unpipe(bb);
      reject(err);
    };
    bb.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > IMPORT_MAX_BYTES) {
          stream.resume();
          fail(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge()));
      // A body cut off inside a file ("Unexpected end of form") errors the file's stream as well as
      // busboy: unhandled, that error would end the process.
      stream.on('error', () => fail(badRequest('The upload could not be read.')));
      stream.on('end', () => {
        if (!failed) files.push({ name: safeFileName(info.filename, 'upload.csv'), bytes: new Uint8Array(Buffer.concat(chunks)) });
      });
    });
    bb.on('filesLimit', () => fail(validationError({ file: ['Upload at most 10 files at once.'] })));
    bb.on('error', () => fail(badRequest('The upload could not be read.')));
    bb.on('close', () => {
      if (!failed) resolve(files);
    });
    req.pipe(bb);
  });
}

/** The files of the request (422 when there are none). */
export async function readUpload(req: Request): Promise<UploadedFile[]> {
  refuseDeclaredTooLarge(req);
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  let files: UploadedFile[];
  if (type.startsWith('multipart/form-data')) {
    files = await readMultipart(req);
  } else if (/^(text\/(csv|plain|tab-separated-values)|application\/(zip|x-zip-compressed|octet-stream|vnd\.ms-excel|csv))\b/.test(type)) {
    const bytes = await readRaw(req);
    const fallback = type.includes('zip') ? 'upload.zip' : 'pasted.csv';
    files = bytes.length ? [{ name: safeFileName(typeof req.query.file_name === 'string' ? req.query.file_name : undefined, fallback), bytes }] : [];
  } else if (type.startsWith('application/json') && req.body && typeof req.body === 'object' && typeof (req.body as { text?: unknown }).text === 'string') {
    // Pasted rows sent as JSON by a script: { text, file_name? } (within the API's JSON limit).
    const body = req.body as { text: string; file_name?: unknown };
    files = body.text.trim() ? [{ name: safeFileName(typeof body.file_name === 'string' ? body.file_name : undefined, 'pasted.csv'), bytes: new TextEncoder().encode(body.text) }] : [];
  } else {
    throw new HttpError(415, IMPORT_MESSAGES.unsupportedType, 'unsupported_media_type');
  }
  files = files.filter((f) => f.bytes.length > 0);
  if (!files.length) throw validationError({ file: [IMPORT_MESSAGES.noFile] });
  return files;
}
