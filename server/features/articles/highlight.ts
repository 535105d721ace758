// Search highlighting for the Support screen: article text is never trusted as HTML. The text is cut
// into plain segments and matches, each segment is HTML-escaped, and only then are matches wrapped in
// <mark>: the answer's only tags are the <mark>s added here.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern finding any of the words (case-insensitive); 1- and 2-letter words only at a word start. */
function matcher(words: readonly string[]): RegExp | null {
  const parts = words.filter(Boolean).sort((a, b) => b.length - a.length)
    .map((w) => ([...w].length < 3 ? `(?<![\\p{L}\\p{N}])${escapeRegExp(w)}` : escapeRegExp(w)));
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
}

/** The text as escaped HTML with every match of the words in <mark>. */
export function highlight(text: string, words: readonly string[]): string {
  const pattern = matcher(words);
  if (!pattern) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (!m[0]) continue;
    out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * About `length` characters of the text around its first match (the start when nothing matches), cut
 * at spaces, with an ellipsis where cut, highlighted.
 */
export function snippet(text: string, words: readonly string[], length = 200): string {
  const pattern = matcher(words);
  const first = pattern ? text.search(pattern) : -1;
  let start = first <= 0 ? 0 : Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  const body = highlight(text.slice(start, end), words);
  return `${start > 0 ? '… ' : ''}${body}${end < text.length ? ' …' : ''}`;
}
