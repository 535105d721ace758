// The documentation's links (issue 27): every relative link and picture in README.md and docs/**/*.md
// points at a file of the tree (and, for a heading of a Markdown page, at a heading it has), and every
// picture has alt text. Links are read with markdown-it, as a Markdown viewer reads them, so text in code
// spans and code blocks is never taken for a link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const md = new MarkdownIt({ html: true });

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

interface Target {
  kind: 'link' | 'image';
  href: string;
  alt: string;
  line: number;
}

/** Every link and picture of a Markdown text, with its source line. */
function targetsOf(text: string): Target[] {
  const found: Target[] = [];
  const lines = text.split('\n');
  for (const token of md.parse(text, {})) {
    const [start, end] = token.map ?? [0, 1];
    // The line of the block that holds the address (a paragraph spans several).
    const lineOf = (href: string) => {
      const i = lines.slice(start, end).findIndex((l) => l.includes(href));
      return start + Math.max(i, 0) + 1;
    };
    const line = start + 1;
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '');
        found.push({ kind: 'link', href, alt: '', line: lineOf(href) });
      }
      if (child.type === 'image') {
        const href = String(child.attrGet('src') ?? '');
        found.push({ kind: 'image', href, alt: child.content, line: lineOf(href) });
      }
    }
    // Raw HTML pictures (<img src="…" alt="…">).
    if (token.type === 'html_block' || token.type === 'html_inline') {
      for (const m of token.content.matchAll(/<img\b[^>]*>/gi)) {
        const src = /\bsrc="([^"]*)"/i.exec(m[0])?.[1] ?? '';
        found.push({ kind: 'image', href: src, alt: /\balt="([^"]*)"/i.exec(m[0])?.[1] ?? '', line });
      }
    }
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = md.parse(fs.readFileSync(file, 'utf8'), {});
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[i + 1].children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
    const base = anchorOf(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  });
  return anchors;
}

/** The problems of one Markdown file's links and pictures, as "file:line: message". */
function problemsOf(file: string): string[] {
  const problems: string[] = [];
  const where = (line: number) => `${path.relative(ROOT, file)}:${line}`;
  for (const target of targetsOf(fs.readFileSync(file, 'utf8'))) {
    if (target.kind === 'image' && !target.alt.trim()) problems.push(`${where(target.line)}: the picture ${target.href} has no alt text`);
    const href = target.href;
    // Web addresses, mail links and paths of the running app (/app/…, /pricing) are not files of the tree.
    if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('//')) continue;
    const [rawPath, fragment] = href.split('#', 2);
    const targetFile = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath.split('?')[0])) : file;
    if (!fs.existsSync(targetFile)) {
      problems.push(`${where(target.line)}: ${href} does not exist`);
      continue;
    }
    if (fragment && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(fragment.toLowerCase())) {
      problems.push(`${where(target.line)}: ${href} names no heading of ${path.relative(ROOT, targetFile)}`);
    }
  }
  return problems;
}

const FILES = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

describe('the documentation links', () => {
  it('finds the README and the guide among the pages it checks', () => {
    const names = FILES.map((f) => path.relative(ROOT, f));
    expect(names).toContain('README.md');
    expect(names).toContain(path.join('docs', 'guide', 'README.md'));
  });

  it('every relative link and picture of README.md and docs/**/*.md points at a file (and a heading), every picture has alt text', () => {
    expect(FILES.flatMap(problemsOf)).toEqual([]);
  });

  it('catches a missing file, a missing heading and a picture without alt text', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-links-'));
    try {
      fs.writeFileSync(path.join(dir, 'other.md'), '# Other page\n\n## Two words\n');
      fs.writeFileSync(path.join(dir, 'pic.png'), '');
      const page = path.join(dir, 'page.md');
      fs.writeFileSync(page, [
        '# Page', '',
        '[fine](other.md) [fine heading](other.md#two-words) [here](#page) [web](https://example.org) [app](/app/support)', '',
        '[gone](missing.md)', '',
        '[no heading](other.md#three-words)', '',
        '![](pic.png)', '',
        '![A picture](nowhere.png)', '',
        '`[code](not-a-link.md)`', '',
      ].join('\n'));
      expect(problemsOf(page).map((p) => p.replace(/^.*page\.md:/, ''))).toEqual([
        '5: missing.md does not exist',
        '7: other.md#three-words names no heading of ' + path.relative(ROOT, path.join(dir, 'other.md')),
        '9: the picture pic.png has no alt text',
        '11: nowhere.png does not exist',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
