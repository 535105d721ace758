// The Districts screen's "Deleted districts" (issue 32): each purged district's certificate of deletion, newest first,
// with when (on the reader's clock), by whom, how many records went, and its PDF to download.
import { useState } from 'react';
import { plural } from '../../../../common/plural';
import { DELETION_JOB_LABEL } from '../../../../common/districtDeletionValues';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { TableFrame } from '../../../components/Table';
import { formatInteger } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';
import { useDistrictDeletions } from '../api';

export function DeletedDistricts() {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useDistrictDeletions(page);
  const when = useInstantFormat();
  return (
    <section className="card stack adm-section" id="deleted-districts" aria-labelledby="adm-deleted-heading">
      <div className="card__header">
        <h2 className="card__title" id="adm-deleted-heading">Deleted districts</h2>
        {data && <span className="muted text-sm">{plural(data.meta.total, 'certificate', 'certificates')}</span>}
      </div>
      {error ? (
        <LoadError what="the deleted districts" title="The deleted districts could not be loaded." onRetry={() => void mutate()} />
      ) : !data ? (
        <p className="muted">Loading…</p>
      ) : data.data.length === 0 ? (
        <p className="muted">No district has been deleted. A district's certificate of deletion appears here once it is deleted.</p>
      ) : (
        <>
          <TableFrame caption="Deleted districts and their certificates" captionHidden stackOnPhone className="adm-certificates" wrapClassName="adm-table-wrap">
            <thead>
              <tr>
                <th scope="col">District</th><th scope="col">Deleted</th><th scope="col">By</th>
                <th scope="col" className="num">Records</th><th scope="col">Certificate</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="adm-table__name">
                    {c.district_name}
                    <span className="adm-table__sub">District id {c.district_id}</span>
                  </th>
                  <td className="nowrap" data-label="Deleted"><time dateTime={c.purged_at}>{when.dateTime(c.purged_at)}</time></td>
                  <td data-label="By">{c.purged_by_label === DELETION_JOB_LABEL ? 'The scheduled deletion job' : c.purged_by_label}</td>
                  <td className="num" data-label="Records">{formatInteger(c.total_records)}</td>
                  <td data-label="Certificate">
                    <a href={c.download_url} download={`${c.certificate_number}.pdf`}>
                      {c.certificate_number}<span className="sr-only"> for {c.district_name}</span> (PDF)
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          {data.meta.last_page > 1 && (
            <div className="cluster">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</Button>
              <span className="muted text-sm">Page {page} of {data.meta.last_page}</span>
              <Button variant="secondary" size="sm" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>Older</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
