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
import { defineMessages, t } from '../../lib/i18n';
import { useDateLocale } from '../../lib/session';
import { useImports, userImports } from './api';
import { ImportDetail } from './components/ImportDetail';
import { ImportFlow } from './components/ImportFlow';
import { ImportsTable } from './components/ImportsTable';

const m = defineMessages({
  districtNotFound: { id: 'exportImport.users.districtNotFound', defaultMessage: 'District not found' },
  districtNotFoundBody: { id: 'exportImport.users.districtNotFoundBody', defaultMessage: 'We could not find that district.' },
  crumbNamed: { id: 'exportImport.users.crumbNamed', defaultMessage: '{district}: user imports' },
  crumb: { id: 'exportImport.users.crumb', defaultMessage: 'User imports' },
  descriptionNamed: { id: 'exportImport.users.descriptionNamed', defaultMessage: 'Import the logins of {district} from a CSV: name (or first and last name), email, role and schools. New people are added as invited; invitations are emailed only if you choose to.' },
  description: { id: 'exportImport.users.description', defaultMessage: 'Import a district’s logins from a CSV: name (or first and last name), email, role and schools. New people are added as invited; invitations are emailed only if you choose to.' },
  importUsers: { id: 'exportImport.users.importUsers', defaultMessage: 'Import users' },
  pastImports: { id: 'exportImport.users.pastImports', defaultMessage: 'Past imports' },
  loading: { id: 'exportImport.users.loading', defaultMessage: 'Loading imports…' },
  none: { id: 'exportImport.users.none', defaultMessage: 'No user imports yet' },
  noneBody: { id: 'exportImport.users.noneBody', defaultMessage: 'Every import of this district’s users is listed here.' },
  caption: { id: 'exportImport.users.caption', defaultMessage: 'Past user imports' },
});

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
        <Alert tone="danger" title={t(m.districtNotFound)}><p>{list.error?.message ?? t(m.districtNotFoundBody)}</p></Alert>
      </div>
    );
  }
  if (id !== null) {
    return (
      <ImportDetail
        api={api}
        id={id}
        title={route.title}
        breadcrumbs={[{ label: districtName ? t(m.crumbNamed, { district: districtName }) : t(m.crumb), to: listPath }, { label: route.title }]}
      />
    );
  }
  return (
    <div className="stack stack--lg ei-page">
      <PageHeader
        title={route.title}
        description={<p>{districtName ? t(m.descriptionNamed, { district: districtName }) : t(m.description)}</p>}
      />
      <ImportFlow api={api} title={t(m.importUsers)} />
      <section className="stack" aria-labelledby="user-imports-heading">
        <h2 id="user-imports-heading" className="card__title">{t(m.pastImports)}</h2>
        {!list.data ? (
          <LoadingBlock label={t(m.loading)} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t(m.none)}><p>{t(m.noneBody)}</p></EmptyState>
        ) : (
          <>
            <ImportsTable imports={list.data.data} locale={locale} screen={api.screen} caption={t(m.caption)} />
            <Pager page={list.data.meta.page} lastPage={list.data.meta.last_page} onChange={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
