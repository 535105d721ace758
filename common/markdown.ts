// Markdown for help articles and alerts, rendered the same way on the server and in the editor's live
// preview. markdown-it with `html: false` never passes raw HTML through (a <script> or an onerror=
// attribute comes out as text), and its link validation drops javascript:, vbscript:, file: and
// non-image data: URLs; on top of that every link gets rel="noopener noreferrer" and external links
// open in a new tab. Headings get stable ids so an article can show a table of contents.
import MarkdownIt from 'markdown-it';

export interface MarkdownHeading {
  level: 2 | 3;
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** The article's h2 and h3 headings in order, for a table of contents. */
  headings: MarkdownHeading[];
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** A heading's anchor: lower case, words joined by '-', unique within the document. */
export function headingId(text: string, taken: Set<string>): string {
  const base = text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const env = {};
  const tokens = md.parse(source, env);
  const headings: MarkdownHeading[] = [];
  const taken = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') {
      const text = tokens[i + 1]?.children?.filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('') ?? '';
      const id = headingId(text, taken);
      token.attrSet('id', id);
      if (token.tag === 'h2' || token.tag === 'h3') headings.push({ level: token.tag === 'h2' ? 2 : 3, id, text });
    }
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type !== 'link_open') continue;
        const href = String(child.attrGet('href') ?? '');
        child.attrSet('rel', 'noopener noreferrer');
        if (/^https?:\/\//i.test(href)) child.attrSet('target', '_blank');
      }
    }
  });
  return { html: md.renderer.render(tokens, md.options, env), headings };
}

/** Plain text of a Markdown source (for search snippets and email bodies). */
export function markdownToText(source: string): string {
  return renderMarkdown(source).html.replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
