// The Districts screen's "Deleted districts" (issue 32): each purged district's certificate of deletion, newest first,
// with when (on the reader's clock), by whom, how many records went, its PDF to download, and whether its emails
// went (those the mail server refused are sent again by the hourly job; given up, the PDF is to be sent by hand).
import { useState } from 'react';
import { DELETION_JOB_LABEL } from '../../../../common/districtDeletionValues';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { TableFrame } from '../../../components/Table';
import { formatInteger } from '../../../lib/format';
import { defineMessages, t } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { useDistrictDeletions } from '../api';

const m = defineMessages({
  title: { id: 'adminDistricts.deleted.title', defaultMessage: 'Deleted districts' },
  count: { id: 'adminDistricts.deleted.count', defaultMessage: '{count, plural, one {# certificate} other {# certificates}}' },
  loadError: { id: 'adminDistricts.deleted.loadError', defaultMessage: 'An error occurred while fetching the deleted districts. Please try again later.' },
  loadFailed: { id: 'adminDistricts.deleted.loadFailed', defaultMessage: 'The deleted districts could not be loaded.' },
  loading: { id: 'adminDistricts.deleted.loading', defaultMessage: 'Loading…' },
  none: { id: 'adminDistricts.deleted.none', defaultMessage: "No district has been deleted. A district's certificate of deletion appears here once it is deleted." },
  caption: { id: 'adminDistricts.deleted.caption', defaultMessage: 'Deleted districts and their certificates' },
  district: { id: 'adminDistricts.deleted.district', defaultMessage: 'District' },
  deleted: { id: 'adminDistricts.deleted.deleted', defaultMessage: 'Deleted' },
  by: { id: 'adminDistricts.deleted.by', defaultMessage: 'By' },
  records: { id: 'adminDistricts.deleted.records', defaultMessage: 'Records' },
  certificate: { id: 'adminDistricts.deleted.certificate', defaultMessage: 'Certificate' },
  districtId: { id: 'adminDistricts.deleted.districtId', defaultMessage: 'District id {id}' },
  deletionJob: { id: 'adminDistricts.deleted.deletionJob', defaultMessage: 'The scheduled deletion job' },
  certificateFor: { id: 'adminDistricts.deleted.certificateFor', defaultMessage: 'for {name}' },
  pdf: { id: 'adminDistricts.deleted.pdf', defaultMessage: '(PDF)' },
  emailed: { id: 'adminDistricts.deleted.emailed', defaultMessage: 'Emailed to {sent} of {total}' },
  emailsWaiting: { id: 'adminDistricts.deleted.emailsWaiting', defaultMessage: '{count, plural, one {# email waits to be sent again} other {# emails wait to be sent again}}' },
  emailsFailed: { id: 'adminDistricts.deleted.emailsFailed', defaultMessage: '{count, plural, one {# email could not be sent: download the PDF and send it yourself} other {# emails could not be sent: download the PDF and send it yourself}}' },
  newer: { id: 'adminDistricts.deleted.newer', defaultMessage: 'Newer' },
  older: { id: 'adminDistricts.deleted.older', defaultMessage: 'Older' },
  page: { id: 'adminDistricts.deleted.page', defaultMessage: 'Page {page} of {last}' },
});

export function DeletedDistricts() {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useDistrictDeletions(page);
  const when = useInstantFormat();
  return (
    <section className="card stack adm-section" id="deleted-districts" aria-labelledby="adm-deleted-heading">
      <div className="card__header">
        <h2 className="card__title" id="adm-deleted-heading">{t(m.title)}</h2>
        {data && <span className="muted text-sm">{t(m.count, { count: data.meta.total })}</span>}
      </div>
      {error ? (
        <LoadError message={t(m.loadError)} title={t(m.loadFailed)} onRetry={() => void mutate()} />
      ) : !data ? (
        <p className="muted">{t(m.loading)}</p>
      ) : data.data.length === 0 ? (
        <p className="muted">{t(m.none)}</p>
      ) : (
        <>
          <TableFrame caption={t(m.caption)} captionHidden stackOnPhone className="adm-certificates" wrapClassName="adm-table-wrap">
            <thead>
              <tr>
                <th scope="col">{t(m.district)}</th><th scope="col">{t(m.deleted)}</th><th scope="col">{t(m.by)}</th>
                <th scope="col" className="num">{t(m.records)}</th><th scope="col">{t(m.certificate)}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="adm-table__name">
                    {c.district_name}
                    <span className="adm-table__sub">{t(m.districtId, { id: c.district_id })}</span>
                  </th>
                  <td className="nowrap" data-label={t(m.deleted)}><time dateTime={c.purged_at}>{when.dateTime(c.purged_at)}</time></td>
                  <td data-label={t(m.by)}>{c.purged_by_label === DELETION_JOB_LABEL ? t(m.deletionJob) : c.purged_by_label}</td>
                  <td className="num" data-label={t(m.records)}>{formatInteger(c.total_records)}</td>
                  <td data-label={t(m.certificate)}>
                    {/* One block: on a phone the stacked cell puts its label beside one child. */}
                    <div>
                      <a href={c.download_url} download={`${c.certificate_number}.pdf`}>
                        {c.certificate_number}<span className="sr-only">{' '}{t(m.certificateFor, { name: c.district_name })}</span>{' '}{t(m.pdf)}
                      </a>
                      {c.recipients > 0 && (
                        <span className="adm-table__sub">
                          {t(m.emailed, { sent: c.emails.sent, total: c.recipients })}
                          {c.emails.waiting > 0 && <>{' · '}{t(m.emailsWaiting, { count: c.emails.waiting })}</>}
                        </span>
                      )}
                      {c.emails.failed > 0 && <span className="adm-table__sub adm-table__warning">{t(m.emailsFailed, { count: c.emails.failed })}</span>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          {data.meta.last_page > 1 && (
            <div className="cluster">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t(m.newer)}</Button>
              <span className="muted text-sm">{t(m.page, { page, last: data.meta.last_page })}</span>
              <Button variant="secondary" size="sm" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>{t(m.older)}</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
