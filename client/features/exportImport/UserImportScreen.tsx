// User CSV Import (admin): provider staff import a district's logins. `/admin/districts/{districtId}/user-import/{id}`
// shows one import; any other last segment (e.g. `new`) lists the district's imports with the upload →
// columns → preview → run flow, until the admin district page links here.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useDateLocale } from '../../lib/session';
import { useImports, userImports } from './api';
import { ImportDetail } from './components/ImportDetail';
import { ImportFlow } from './components/ImportFlow';
import { ImportsTable } from './components/ImportsTable';

const whole = (v: string | undefined) => (/^[1-9]\d{0,14}$/.test(v ?? '') ? Number(v) : null);

export default function UserImportScreen({ route }: ScreenProps) {
  const params = useParams();
  const districtId = whole(params.districtId);
  const id = whole(params.id);
  const locale = useDateLocale();
  const [page, setPage] = useState(1);
  const api = userImports(districtId ?? 0);
  const list = useImports(api, page, districtId !== null);
  const districtName = list.data?.meta.district?.name;
  const listPath = `/admin/districts/${districtId}/user-import/new`;

  if (districtId === null || list.error) {
    return (
      <div className="stack stack--lg ei-page">
        <PageHeader title={route.title} />
        <Alert tone="danger" title="District not found"><p>{list.error?.message ?? 'We could not find that district.'}</p></Alert>
      </div>
    );
  }
  if (id !== null) {
    return (
      <ImportDetail
        api={api}
        id={id}
        title={route.title}
        breadcrumbs={[{ label: districtName ? `${districtName}: user imports` : 'User imports', to: listPath }, { label: route.title }]}
      />
    );
  }
  return (
    <div className="stack stack--lg ei-page">
      <PageHeader
        title={route.title}
        description={<p>{districtName ? `Import the logins of ${districtName}` : 'Import a district’s logins'} from a CSV: name (or first and last name), email, role and schools. New people are added as invited; invitations are emailed only if you choose to.</p>}
      />
      <ImportFlow api={api} title="Import users" />
      <section className="stack" aria-labelledby="user-imports-heading">
        <h2 id="user-imports-heading" className="card__title">Past imports</h2>
        {!list.data ? (
          <LoadingBlock label="Loading imports…" />
        ) : list.data.data.length === 0 ? (
          <EmptyState title="No user imports yet"><p>Every import of this district’s users is listed here.</p></EmptyState>
        ) : (
          <>
            <ImportsTable imports={list.data.data} locale={locale} screen={api.screen} caption="Past user imports" />
            <Pager page={list.data.meta.page} lastPage={list.data.meta.last_page} onChange={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
