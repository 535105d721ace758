import { useId, useState } from 'react';
import { READ_MORE_LENGTH } from '../../common/constants';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  less: { id: 'ui.readMore.less', defaultMessage: 'Show less' },
  more: { id: 'ui.readMore.more', defaultMessage: 'Read more' },
});

const ELLIPSIS = '…';

/**
 * First `length` characters of `text`, cut back to the last word boundary when there is one,
 * with "…" appended. Text of `length` characters or fewer is returned untouched.
 */
export function truncateText(text: string, length: number = READ_MORE_LENGTH): { short: string; truncated: boolean } {
  const max = Math.max(0, Math.floor(length));
  if (text.length <= max) return { short: text, truncated: false };
  let cut = text.slice(0, max);
  // If the next character isn't whitespace we are mid-word: back up to the previous whitespace.
  if (!/\s/.test(text.charAt(max))) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace > 0) cut = cut.slice(0, lastSpace);
  }
  cut = cut.replace(/[\s,;:.\-–—]+$/u, '');
  return { short: cut + ELLIPSIS, truncated: true };
}

export type ReadMoreProps = {
  text: string;
  length?: number;
  className?: string;
};

export function ReadMore({ text, length = READ_MORE_LENGTH, className }: ReadMoreProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const { short, truncated } = truncateText(text, length);
  return (
    <div className={['read-more', className].filter(Boolean).join(' ')}>
      <p className="read-more__text" id={id}>
        {truncated && !expanded ? short : text}
      </p>
      {truncated && (
        <button
          type="button"
          className="btn-link read-more__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {t(expanded ? m.less : m.more)}
        </button>
      )}
    </div>
  );
}
