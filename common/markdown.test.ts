import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('never passes raw HTML, event handlers or script URLs through', () => {
    const { html } = renderMarkdown([
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1)) [v](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=)',
      '![i](x" onerror="alert(1))',
    ].join('\n\n'));
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="(javascript|vbscript|data):/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('gives headings unique ids and lists h2/h3 for a table of contents', () => {
    const { html, headings } = renderMarkdown('# Title\n\n## Sign in\n\n### Forgot it?\n\n## Sign in\n');
    expect(headings).toEqual([
      { level: 2, id: 'sign-in', text: 'Sign in' },
      { level: 3, id: 'forgot-it', text: 'Forgot it?' },
      { level: 2, id: 'sign-in-2', text: 'Sign in' },
    ]);
    expect(html).toContain('<h2 id="sign-in">Sign in</h2>');
  });

  it('marks links noopener and opens external ones in a new tab', () => {
    const { html } = renderMarkdown('[Guide](https://example.com) and [help](/app/support/groups)');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">Guide</a>');
    expect(html).toContain('<a href="/app/support/groups" rel="noopener noreferrer">help</a>');
  });

  it('reduces Markdown to plain text', () => {
    expect(markdownToText('## Hello\n\n**Bold** & <b>raw</b>')).toBe('Hello Bold & <b>raw</b>');
  });
});
