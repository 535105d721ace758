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
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { EXPORT_URLS, STAFF_IMPORTS, useImports } from './api';
import { ImportFlow } from './components/ImportFlow';
import { ImportsTable } from './components/ImportsTable';
import { DistrictExportCard } from './components/DistrictExport';
import { InteractionsExport } from './components/InteractionsExport';

function DownloadLink({ href, children }: { href: string; children: string }) {
  return <a className="btn btn--secondary btn--md" href={href} download><span className="btn__label">{children}</span></a>;
}

const m = defineMessages({
  description: { id: 'exportImport.description', defaultMessage: 'Download your district’s data as spreadsheets, and bring your roster in from a CSV file or your student information system (OneRoster).' },
  export: { id: 'exportImport.export', defaultMessage: 'Export' },
  exportIntro: { id: 'exportImport.exportIntro', defaultMessage: 'CSV files that open in Excel and Google Sheets. Each download is the district as it is now.' },
  downloadEducators: { id: 'exportImport.downloadEducators', defaultMessage: 'Download educators' },
  downloadUsers: { id: 'exportImport.downloadUsers', defaultMessage: 'Download users' },
  downloadSkillRatings: { id: 'exportImport.downloadSkillRatings', defaultMessage: 'Download skill ratings' },
  wholeDistrict: { id: 'exportImport.wholeDistrict', defaultMessage: 'Exports cover the whole district' },
  scopeBuilding: { id: 'exportImport.scopeBuilding', defaultMessage: 'Your access covers only your own schools, so the educators export is not available to you. Ask your district administrator for the file.' },
  scopeAssigned: { id: 'exportImport.scopeAssigned', defaultMessage: 'Your access covers only the educators you coach, so the educators export is not available to you. Ask your district administrator for the file.' },
  scopeSelf: { id: 'exportImport.scopeSelf', defaultMessage: 'Your access covers only your own record, so the educators export is not available to you. Ask your district administrator for the file.' },
  nothingToExport: { id: 'exportImport.nothingToExport', defaultMessage: 'You have no data to export. Your district administrator can download the district’s files.' },
  importEducators: { id: 'exportImport.importEducators', defaultMessage: 'Import educators' },
  importNeedsPermission: { id: 'exportImport.importNeedsPermission', defaultMessage: 'Importing educators needs the permission to add staff for the whole district. Ask your district administrator.' },
  pastImports: { id: 'exportImport.pastImports', defaultMessage: 'Past imports' },
  importsLoadError: { id: 'exportImport.importsLoadError', defaultMessage: 'An error occurred while fetching imports. Please try again later.' },
  loadingImports: { id: 'exportImport.loadingImports', defaultMessage: 'Loading imports…' },
  noImports: { id: 'exportImport.noImports', defaultMessage: 'No imports yet' },
  noImportsBody: { id: 'exportImport.noImportsBody', defaultMessage: 'Every import you run is listed here with its rows and outcomes.' },
  pastStaffImports: { id: 'exportImport.pastStaffImports', defaultMessage: 'Past staff imports' },
});

/** What a narrower educators scope covers, in words. */
const SCOPE_MESSAGES = { building: m.scopeBuilding, assigned: m.scopeAssigned, self: m.scopeSelf } as const;

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
        description={<p>{t(m.description)}</p>}
      />

      <section className="card stack" aria-labelledby={exportsId}>
        <h2 id={exportsId} className="card__title">{t(m.export)}</h2>
        <p className="muted">{t(m.exportIntro)}</p>
        {canExportStaff || canExportUsers || canExportSkills ? (
          <div className="cluster">
            {canExportStaff && <DownloadLink href={EXPORT_URLS.staff}>{t(m.downloadEducators)}</DownloadLink>}
            {canExportUsers && <DownloadLink href={EXPORT_URLS.users}>{t(m.downloadUsers)}</DownloadLink>}
            {canExportSkills && <DownloadLink href={EXPORT_URLS.skillRatings}>{t(m.downloadSkillRatings)}</DownloadLink>}
          </div>
        ) : null}
        {canExportInteractions && <InteractionsExport timeZone={user?.district?.timezone ?? user?.timezone ?? 'UTC'} />}
        {staffScope && staffScope !== 'district' && (
          <Alert tone="info" title={t(m.wholeDistrict)}>
            <p>{t(SCOPE_MESSAGES[staffScope])}</p>
          </Alert>
        )}
        {!staffScope && !canExportUsers && !canExportInteractions && <p>{t(m.nothingToExport)}</p>}
      </section>

      {canExportDistrict && <DistrictExportCard impersonating={Boolean(user?.impersonating)} />}

      {canImport ? (
        <ImportFlow api={STAFF_IMPORTS} title={t(m.importEducators)} />
      ) : (
        <section className="card stack" aria-label={t(m.importEducators)}>
          <h2 className="card__title">{t(m.importEducators)}</h2>
          {canReadImports
            ? <PlanUpgradeNotice feature="csv-import" />
            : <p className="muted">{t(m.importNeedsPermission)}</p>}
        </section>
      )}

      {canReadImports && (
        <section className="stack" aria-labelledby={pastId}>
          <h2 id={pastId} className="card__title">{t(m.pastImports)}</h2>
          {imports.error && !imports.data ? (
            <LoadError message={t(m.importsLoadError)} onRetry={() => void imports.mutate()} />
          ) : !imports.data ? (
            <LoadingBlock label={t(m.loadingImports)} />
          ) : imports.data.data.length === 0 ? (
            <EmptyState title={t(m.noImports)}><p>{t(m.noImportsBody)}</p></EmptyState>
          ) : (
            <>
              <ImportsTable imports={imports.data.data} locale={locale} screen={STAFF_IMPORTS.screen} caption={t(m.pastStaffImports)} />
              <Pager page={imports.data.meta.page} lastPage={imports.data.meta.last_page} onChange={setPage} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
