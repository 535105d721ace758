// Zip bombs for the tests and the uploads benchmark: deflated zeros in a zip whose headers lie about their size.
import { Deflate } from 'fflate';

/** `megabytes` MB of zeros, deflated a megabyte at a time (without ever holding them whole). */
export function deflatedZeros(megabytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(1024 * 1024);
  for (let i = 0; i < megabytes; i++) deflate.push(zeros, i === megabytes - 1);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/** A zip of deflated entries whose headers declare `declaredSize` inflated bytes each (the bomb lies; CRCs are 0). */
export function lyingZip(entries: { name: string; deflated: Uint8Array }[], declaredSize: number): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { name, deflated } of entries) {
    const fileName = new TextEncoder().encode(name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, 8, true); // deflate
    local.setUint32(18, deflated.length, true);
    local.setUint32(22, declaredSize, true);
    local.setUint16(26, fileName.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, 8, true);
    central.setUint32(20, deflated.length, true);
    central.setUint32(24, declaredSize, true);
    central.setUint16(28, fileName.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), fileName, deflated);
    centrals.push(new Uint8Array(central.buffer), fileName);
    offset += 30 + fileName.length + deflated.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}
