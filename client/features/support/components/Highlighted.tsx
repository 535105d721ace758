// Search matches the server marked: its `*_html` strings are escaped text with <mark> around matches
// (server/features/articles/highlight.ts). They are split here into text and <mark> elements, so React
// escapes every character again and nothing in an article can ever become markup.
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

export function Highlighted({ html, fallback }: { html?: string; fallback: string }) {
  if (html === undefined) return <>{fallback}</>;
  const parts = html.split(/(<mark>[\s\S]*?<\/mark>)/);
  return (
    <>
      {parts.map((part, i) => (part.startsWith('<mark>') && part.endsWith('</mark>')
        ? <mark key={i}>{decode(part.slice(6, -7))}</mark>
        : decode(part)))}
    </>
  );
}
