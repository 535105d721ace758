// The friendly state for an educator id that does not exist or is not visible to this user
// (another district's or another school's educator answers 404 too, so we never reveal it exists).
import { ButtonLink } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  notFoundTitle: { id: 'staff.notFoundTitle', defaultMessage: 'Educator not found' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  notFound: { id: 'staff.notFound', defaultMessage: 'Not found' },
  notFoundHeading: { id: 'staff.notFoundHeading', defaultMessage: 'We couldn’t find this educator' },
  backToList: { id: 'staff.backToList', defaultMessage: 'Back to Educators' },
  notFoundBody: { id: 'staff.notFoundBody', defaultMessage: 'The link may be out of date, or this educator is at a school you don’t have access to. Search the list to find who you need.' },
});

export function StaffNotFound() {
  return (
    <div className="stack staff-page">
      <PageHeader title={t(m.notFoundTitle)} breadcrumbs={[{ label: t(m.title), to: '/app/staff' }, { label: t(m.notFound) }]} />
      <EmptyState
        title={t(m.notFoundHeading)}
        icon={
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <circle cx="21" cy="17" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M8 40c1.5-7 6.5-11 13-11 3 0 5.6.8 7.6 2.3" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            <path d="M32 32l8 8M40 32l-8 8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        }
        action={<ButtonLink to="/app/staff">{t(m.backToList)}</ButtonLink>}
      >
        <p>{t(m.notFoundBody)}</p>
      </EmptyState>
    </div>
  );
}
