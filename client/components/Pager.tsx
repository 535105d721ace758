import { PAGER_RANGE } from '../../common/constants';
import { defineMessages, t, tRich } from '../lib/i18n';

const m = defineMessages({
  label: { id: 'ui.pager.label', defaultMessage: 'Pagination' },
  previous: { id: 'ui.pager.previous', defaultMessage: 'Previous<hidden> page</hidden>' },
  page: { id: 'ui.pager.page', defaultMessage: 'Page {page}' },
  next: { id: 'ui.pager.next', defaultMessage: 'Next<hidden> page</hidden>' },
  status: { id: 'ui.pager.status', defaultMessage: 'Page {page} of {lastPage}' },
});

/**
 * The page numbers to show: at most `range` consecutive pages, centred on `page`
 * where possible and shifted to stay inside 1..lastPage.
 */
export function pageWindow(page: number, lastPage: number, range: number = PAGER_RANGE): number[] {
  const last = Math.floor(lastPage);
  if (!Number.isFinite(last) || last < 1) return [];
  const size = Math.max(1, Math.min(Math.floor(range) || 1, last));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  const before = Math.floor((size - 1) / 2);
  const start = Math.max(1, Math.min(current - before, last - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export type PagerProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** How many numbered page buttons to show at most. */
  range?: number;
  className?: string;
};

export function Pager({ page, lastPage, onChange, range = PAGER_RANGE, className }: PagerProps) {
  if (lastPage <= 1) return null;
  const pages = pageWindow(page, lastPage, range);
  const go = (p: number) => {
    if (p >= 1 && p <= lastPage && p !== page) onChange(p);
  };
  return (
    <nav className={['pager', className].filter(Boolean).join(' ')} aria-label={t(m.label)}>
      <ul className="pager__list">
        <li className="pager__item">
          <button
            type="button"
            className="pager__btn pager__btn--prev"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
          >
            <span aria-hidden="true">‹</span>
            <span>
              {tRich(m.previous, { hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </span>
          </button>
        </li>
        {pages.map((p) => (
          <li key={p} className="pager__item">
            <button
              type="button"
              className="pager__btn pager__btn--num"
              aria-label={t(m.page, { page: p })}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => go(p)}
            >
              {p}
            </button>
          </li>
        ))}
        <li className="pager__item">
          <button
            type="button"
            className="pager__btn pager__btn--next"
            onClick={() => go(page + 1)}
            disabled={page >= lastPage}
          >
            <span>
              {tRich(m.next, { hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
      <p className="pager__status">
        {t(m.status, { page, lastPage })}
      </p>
    </nav>
  );
}
