// The house style of the PDFs the server writes with pdfkit (quotes and invoices: features/billing/pdf.ts; the deletion
// certificate: features/adminDistricts/certificatePdf.ts): US Letter with margins wide enough that a page also prints on
// A4 without clipping, DejaVu Sans Condensed embedded (so any name a district typed prints as typed), the colours, and
// the long date.
import { createRequire } from 'node:module';
import path from 'node:path';

const requireHere = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONTS = { regular: path.join(FONT_DIR, 'DejaVuSansCondensed.ttf'), bold: path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf') };

export const INK = '#1c2b2b';
export const MUTED = '#4a5a5a';
export const ACCENT = '#0f6e6e';
export const RULE = '#c9d4d4';
/** Letter is 612 × 792 pt and A4 595 × 842 pt: content 60 pt in from Letter's edges fits either. */
export const MARGIN = 60;
export const PAGE = { width: 612, height: 792 };
export const WIDTH = PAGE.width - 2 * MARGIN;

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 23, 2026" from YYYY-MM-DD. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
