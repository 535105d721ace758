// Export and import (any login opens it; each action shows only when the person may use it, and the
// server checks every call anyway): the CSV downloads, the staff import, and the past imports.
import { useId, useState } from 'react';
import { hasFeature, hasPermission, PERMISSIONS, permissionScope } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { PlanUpgradeNotice } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { EXPORT_URLS, STAFF_IMPORTS, useImports } from './api';
import { ImportFlow } from './components/ImportFlow';
import { ImportsTable } from './components/ImportsTable';
import { DistrictExportCard } from './components/DistrictExport';
import { InteractionsExport } from './components/InteractionsExport';

function DownloadLink({ href, children }: { href: string; children: string }) {
  return <a className="btn btn--secondary btn--md" href={href} download><span className="btn__label">{children}</span></a>;
}

/** What a narrower educators scope covers, in words. */
const SCOPE_WORDS = { building: 'only your own schools', assigned: 'only the educators you coach', self: 'only your own record' } as const;

export default function ExportImportScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const permissions = user?.security.permissions ?? [];
  const staffScope = permissionScope(permissions, PERMISSIONS.seeEducators);
  const canExportStaff = staffScope === 'district';
  const canExportUsers = permissions.includes(PERMISSIONS.manageCoaches);
  const canExportInteractions = permissionScope(permissions, PERMISSIONS.seeActivity) === 'district';
  const canExportSkills = permissionScope(permissions, PERMISSIONS.seeSkillMapping) === 'district'
    && hasFeature(user?.district?.features ?? [], 'skill-mapping');
  const canExportDistrict = hasPermission(permissions, PERMISSIONS.manageSettings);
  const canReadImports = permissionScope(permissions, PERMISSIONS.addStaff) === 'district';
  const canImport = canReadImports && hasFeature(user?.district?.features ?? [], 'csv-import');
  const [page, setPage] = useState(1);
  const imports = useImports(STAFF_IMPORTS, page, canReadImports);
  const exportsId = useId();
  const pastId = useId();

  return (
    <div className="stack stack--lg ei-page">
      <PageHeader
        title={route.title}
        description={<p>Download your district’s data as spreadsheets, and bring your roster in from a CSV file or your student information system (OneRoster).</p>}
      />

      <section className="card stack" aria-labelledby={exportsId}>
        <h2 id={exportsId} className="card__title">Export</h2>
        <p className="muted">CSV files that open in Excel and Google Sheets. Each download is the district as it is now.</p>
        {canExportStaff || canExportUsers || canExportSkills ? (
          <div className="cluster">
            {canExportStaff && <DownloadLink href={EXPORT_URLS.staff}>Download educators</DownloadLink>}
            {canExportUsers && <DownloadLink href={EXPORT_URLS.users}>Download users</DownloadLink>}
            {canExportSkills && <DownloadLink href={EXPORT_URLS.skillRatings}>Download skill ratings</DownloadLink>}
          </div>
        ) : null}
        {canExportInteractions && <InteractionsExport timeZone={user?.district?.timezone ?? user?.timezone ?? 'UTC'} />}
        {staffScope && staffScope !== 'district' && (
          <Alert tone="info" title="Exports cover the whole district">
            <p>Your access covers {SCOPE_WORDS[staffScope]}, so the educators export is not available to you. Ask your district administrator for the file.</p>
          </Alert>
        )}
        {!staffScope && !canExportUsers && !canExportInteractions && <p>You have no data to export. Your district administrator can download the district’s files.</p>}
      </section>

      {canExportDistrict && <DistrictExportCard impersonating={Boolean(user?.impersonating)} />}

      {canImport ? (
        <ImportFlow api={STAFF_IMPORTS} title="Import educators" />
      ) : (
        <section className="card stack" aria-label="Import educators">
          <h2 className="card__title">Import educators</h2>
          {canReadImports
            ? <PlanUpgradeNotice feature="csv-import" />
            : <p className="muted">Importing educators needs the permission to add staff for the whole district. Ask your district administrator.</p>}
        </section>
      )}

      {canReadImports && (
        <section className="stack" aria-labelledby={pastId}>
          <h2 id={pastId} className="card__title">Past imports</h2>
          {imports.error && !imports.data ? (
            <LoadError what="imports" onRetry={() => void imports.mutate()} />
          ) : !imports.data ? (
            <LoadingBlock label="Loading imports…" />
          ) : imports.data.data.length === 0 ? (
            <EmptyState title="No imports yet"><p>Every import you run is listed here with its rows and outcomes.</p></EmptyState>
          ) : (
            <>
              <ImportsTable imports={imports.data.data} locale={locale} screen={STAFF_IMPORTS.screen} caption="Past staff imports" />
              <Pager page={imports.data.meta.page} lastPage={imports.data.meta.last_page} onChange={setPage} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
