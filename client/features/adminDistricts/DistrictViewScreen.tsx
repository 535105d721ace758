// District view (admin, `see all districts`): the district's profile; plan, seats, status and trial end
// with the account actions (extend a trial: any reader; plan, seats, suspend, reactivate: provider
// administrators); billing (client/components/adminBilling: contact, renewal, quotes and invoices with
// their actions); its sign-in connections (read-only, with Test connection); its users with "Impersonate"; schools
// with educators; usage; imports.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { US_STATES } from '../../../common/constants';
import { PERMISSIONS, hasPermission } from '../../../common/permissions';
import { PLANS } from '../../../common/plans';
import type { AdminDistrictDetail } from '../../../common/schemas/adminDistricts';
import { MONTHS } from '../../../common/schemas/site';
import type { ScreenProps } from '../../app/routeTable';
import { BillingPanel } from '../../components/adminBilling/BillingPanel';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { TableFrame } from '../../components/Table';
import { formatDay } from '../../lib/dates';
import { formatInteger, formatRelative } from '../../lib/format';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { zonedDay } from '../../lib/zonedTime';
import { revalidateAfterPurge, revalidateDistrict, useAdminDistrict } from './api';
import { type DistrictAction, DistrictActionDialog } from './components/ActionDialogs';
import { type DeletionAction, DeletionDialog } from './components/DeletionDialogs';
import { DistrictStatusBadge, PlanBadge } from './components/Badges';
import { DistrictUsers } from './components/DistrictUsers';
import { SignInConnections } from './components/SignInConnections';
import { plural } from '../../../common/plural';
import { DELETION_JOB_LABEL } from '../../../common/districtDeletionValues';

const whole = (v: string | undefined) => (/^[1-9]\d{0,14}$/.test(v ?? '') ? Number(v) : null);
const IMPORT_STATUS: Record<string, string> = {
  pending: 'Not run', running: 'Running', completed: 'Completed', failed: 'Failed', interrupted: 'Interrupted',
};
type Locale = ReturnType<typeof useDateLocale>;

export default function DistrictViewScreen({ route }: ScreenProps) {
  const id = whole(useParams().id);
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const when = useInstantFormat();
  const { data: district, error, mutate } = useAdminDistrict(id);
  const [action, setAction] = useState<DistrictAction | null>(null);
  const [deletion, setDeletion] = useState<DeletionAction | null>(null);
  const breadcrumbs = [{ label: 'Districts', to: '/admin/districts' }, { label: district?.name ?? route.title }];
  // A district seen purging that then answers 404 was deleted: the lists and the certificates refetch.
  const purging = useRef<string | null>(null);
  if (district?.purge) purging.current = district.name;
  const deleted = error?.status === 404 && purging.current !== null;
  useEffect(() => { if (deleted) void revalidateAfterPurge(); }, [deleted]);

  if (deleted) {
    return (
      <div className="stack stack--lg adm-page">
        <PageHeader title={purging.current!} breadcrumbs={[breadcrumbs[0]!, { label: purging.current! }]} />
        <Alert tone="success" title="District deleted">
          <p>Every record of {purging.current} is deleted. Its certificate of deletion is emailed to its administrators and billing contact.</p>
          <p><Link to="/admin/districts#deleted-districts">See its certificate under Deleted districts</Link></p>
        </Alert>
      </div>
    );
  }

  if (id === null || error) {
    const missing = id === null || error?.status === 404;
    return (
      <div className="stack stack--lg adm-page">
        <PageHeader title={route.title} breadcrumbs={breadcrumbs} />
        <Alert tone="danger" title={missing ? 'District not found' : 'Uh-oh.'}>
          <p>{missing ? 'We could not find that district. It may have been removed, or the address is mistyped.' : 'An error occurred while fetching the district. Please try again later.'}</p>
          <p>{missing ? <Link to="/admin/districts">Back to districts</Link> : <Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button>}</p>
        </Alert>
      </div>
    );
  }
  if (!district) return <LoadingBlock label="Loading district…" />;

  const canImpersonate = hasPermission(user?.security.permissions ?? [], PERMISSIONS.impersonate);

  return (
    <div className="stack stack--lg adm-page">
      <PageHeader
        title={district.name}
        breadcrumbs={breadcrumbs}
        description={
          <p className="adm-header-line">
            <DistrictStatusBadge status={district.status} /> <PlanBadge plan={district.plan} />
            <span className="muted">{US_STATES[district.state] ?? district.state} · {district.slug}</span>
          </p>
        }
      />
      {district.status === 'suspended' && (
        <Alert tone="warning" title="This district is suspended">
          <p>
            Since {district.suspended_at ? when.date(district.suspended_at) : 'an unknown date'}
            {district.suspension_reason ? <>: <q>{district.suspension_reason}</q></> : '.'} Its people cannot sign in; its data is kept.
          </p>
        </Alert>
      )}
      {district.purge && (
        <Alert tone="warning" title="Deleting this district…" className="adm-purging">
          <p role="status"><strong>{plural(district.purge.records_deleted, 'record', 'records')} removed so far.</strong></p>
          <p>
            Started {when.dateTime(district.purge.started_at)} by {district.purge.started_by?.name ?? DELETION_JOB_LABEL}. It can no longer
            be restored. This page updates by itself; when the district is gone its certificate is under Deleted districts.
          </p>
        </Alert>
      )}
      {district.deletion && !district.purge && (
        <Alert tone="danger" title={`Scheduled for deletion on ${when.date(district.deletion.due_at)}`}>
          <p>
            Scheduled {when.date(district.deletion.scheduled_at)}{district.deletion.scheduled_by ? <> by {district.deletion.scheduled_by.name}</> : null}.
            {' '}Its people cannot sign in. On that day every record of the district is deleted for good and a certificate is emailed to its
            administrators and billing contact; until then, Restore undoes it.
          </p>
          {district.can_manage && (
            <p className="cluster">
              <Button size="sm" variant="secondary" onClick={() => setDeletion('restore-deletion')}>Restore</Button>
              <Button size="sm" variant="danger" onClick={() => setDeletion('purge')}>Delete now</Button>
            </p>
          )}
        </Alert>
      )}
      <div className="adm-grid">
        <ProfileCard district={district} locale={locale} />
        <AccountCard district={district} locale={locale} onAction={setAction} onDeletion={setDeletion} />
      </div>
      <BillingPanel district={district} locale={locale} onChanged={() => void revalidateDistrict(district.id)} />
      <SignInConnections districtId={district.id} hasPlan={PLANS.find((p) => p.key === district.plan.key)?.features.includes('sso') ?? false} />
      <UsageCard district={district} locale={locale} />
      <DistrictUsers district={district} canImpersonate={canImpersonate} locale={locale} />
      <SchoolsCard district={district} />
      <ImportsCard district={district} locale={locale} />
      <DistrictActionDialog district={district} action={action} onClose={() => setAction(null)} locale={locale} />
      <DeletionDialog district={district} action={deletion} onClose={() => setDeletion(null)} />
    </div>
  );
}

function ProfileCard({ district }: { district: AdminDistrictDetail; locale: Locale }) {
  const when = useInstantFormat();
  return (
    <section className="card adm-section" aria-labelledby="adm-profile-heading">
      <h2 className="card__title adm-card-title" id="adm-profile-heading">Profile</h2>
      <dl className="dl">
        <dt>Name</dt><dd>{district.name}</dd>
        <dt>Slug</dt><dd><code>{district.slug}</code></dd>
        <dt>State</dt><dd>{US_STATES[district.state] ?? district.state}</dd>
        <dt>Timezone</dt><dd>{district.timezone}</dd>
        <dt>School year starts</dt><dd>{MONTHS[district.school_year_start_month - 1] ?? '—'}</dd>
        <dt>Created</dt><dd>{when.date(district.created_at)}</dd>
      </dl>
    </section>
  );
}

function AccountCard({ district, locale, onAction, onDeletion }: {
  district: AdminDistrictDetail; locale: Locale; onAction: (a: DistrictAction) => void; onDeletion: (a: DeletionAction) => void;
}) {
  const when = useInstantFormat();
  const over = district.seats_used > district.seats;
  return (
    <section className="card adm-section" aria-labelledby="adm-account-heading">
      <h2 className="card__title adm-card-title" id="adm-account-heading">Plan and status</h2>
      <dl className="dl">
        <dt>Plan</dt><dd>{district.plan.name}</dd>
        <dt>Coach seats</dt>
        <dd>
          {formatInteger(district.seats_used)} of {formatInteger(district.seats)} in use
          {over && <span className="badge badge--warning adm-inline-badge">Over seats</span>}
        </dd>
        <dt>Status</dt><dd><DistrictStatusBadge status={district.status} /></dd>
        {district.status === 'trial' && (
          <>
            <dt>Trial ends</dt>
            <dd>{district.trial_ends_at ? formatDay(zonedDay(district.trial_ends_at, district.timezone), locale) : '—'}</dd>
          </>
        )}
        {district.status === 'suspended' && (
          <>
            <dt>Suspension reason</dt>
            <dd>{district.suspension_reason ?? '—'}</dd>
          </>
        )}
        {district.deletion && (
          <>
            <dt>Deletion</dt>
            <dd>
              <span className="badge badge--danger">{district.purge ? 'Deleting now' : <>Scheduled for {when.date(district.deletion.due_at)}</>}</span>
            </dd>
          </>
        )}
      </dl>
      {/* A district being purged takes no more account changes: it is going. */}
      {!district.purge && <div className="cluster adm-actions">
        {district.status === 'trial' && <Button variant="secondary" size="sm" onClick={() => onAction('extend-trial')}>Extend trial</Button>}
        {district.can_manage && (
          <>
            <Button variant="secondary" size="sm" onClick={() => onAction('plan')}>Change plan or seats</Button>
            {district.status === 'suspended'
              ? <Button size="sm" onClick={() => onAction('reactivate')}>Reactivate</Button>
              : <Button variant="danger" size="sm" onClick={() => onAction('suspend')}>Suspend</Button>}
            {district.deletion
              ? <Button variant="secondary" size="sm" onClick={() => onDeletion('restore-deletion')}>Restore</Button>
              : <Button variant="danger" size="sm" onClick={() => onDeletion('schedule-deletion')}>Schedule deletion</Button>}
          </>
        )}
      </div>}
      {!district.can_manage && <p className="muted text-sm adm-note">Only a provider administrator can change the plan, seats or status.</p>}
    </section>
  );
}

function UsageCard({ district, locale }: { district: AdminDistrictDetail; locale: Locale }) {
  const u = district.usage;
  const figures = [
    { label: 'Interactions, last 30 days', value: formatInteger(u.interactions_last_30_days) },
    { label: 'People who signed in, last 30 days', value: formatInteger(u.active_users_last_30_days) },
    { label: 'Active educators', value: formatInteger(u.educators) },
    { label: 'Last activity', value: u.last_activity_at ? formatRelative(u.last_activity_at, locale) : 'Never', text: true },
  ];
  return (
    <section className="card adm-section" aria-labelledby="adm-usage-heading">
      <h2 className="card__title adm-card-title" id="adm-usage-heading">Usage</h2>
      <dl className="adm-figures">
        {figures.map((f) => (
          <div key={f.label} className="adm-figure">
            <dt className="adm-figure__label">{f.label}</dt>
            <dd className={f.text ? 'adm-figure__value adm-figure__value--text' : 'adm-figure__value'}>{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SchoolsCard({ district }: { district: AdminDistrictDetail }) {
  return (
    <section className="card stack adm-section" aria-labelledby="adm-schools-heading">
      <div className="card__header">
        <h2 className="card__title" id="adm-schools-heading">Schools</h2>
        <span className="muted text-sm">{plural(district.schools.length, 'school', 'schools')}</span>
      </div>
      {district.schools.length === 0 ? (
        <p className="muted">No schools yet.</p>
      ) : (
        <TableFrame caption={<>Schools of {district.name}</>} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <thead>
            <tr><th scope="col">School</th><th scope="col">Code</th><th scope="col">Grades</th><th scope="col" className="num">Educators</th></tr>
          </thead>
          <tbody>
            {district.schools.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="adm-table__name">{s.name}</th>
                <td data-label="Code">{s.code ?? <span className="muted">—</span>}</td>
                <td data-label="Grades">{s.grade_band ?? <span className="muted">—</span>}</td>
                <td className="num" data-label="Educators">{formatInteger(s.educators)}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </section>
  );
}

function ImportsCard({ district }: { district: AdminDistrictDetail; locale: Locale }) {
  const when = useInstantFormat();
  return (
    <section className="card stack adm-section" aria-labelledby="adm-imports-heading">
      <div className="card__header">
        <h2 className="card__title" id="adm-imports-heading">Imports</h2>
        <ButtonLink size="sm" to={`/admin/districts/${district.id}/user-import/new`}>Import users</ButtonLink>
      </div>
      {district.imports.length === 0 ? (
        <p className="muted">No staff or user imports yet. “Import users” adds this district’s logins from a CSV file.</p>
      ) : (
        <TableFrame caption={<>Recent imports of {district.name}</>} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <thead>
            <tr>
              <th scope="col">File</th><th scope="col">Kind</th><th scope="col">Status</th>
              <th scope="col" className="num">Rows</th><th scope="col" className="num">Added</th><th scope="col" className="num">Updated</th>
              <th scope="col" className="num">Errors</th><th scope="col">By</th><th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {district.imports.map((i) => (
              <tr key={i.id}>
                <th scope="row" className="adm-table__name">
                  {i.kind === 'users' ? <Link to={`/admin/districts/${district.id}/user-import/${i.id}`}>{i.file_name}</Link> : i.file_name}
                </th>
                <td data-label="Kind">{i.kind === 'users' ? 'Users' : 'Staff'}</td>
                <td data-label="Status">{IMPORT_STATUS[i.status] ?? i.status}</td>
                <td className="num" data-label="Rows">{formatInteger(i.total_rows)}</td>
                <td className="num" data-label="Added">{formatInteger(i.created_count)}</td>
                <td className="num" data-label="Updated">{formatInteger(i.updated_count)}</td>
                <td className="num" data-label="Errors">{formatInteger(i.error_count)}</td>
                <td data-label="By">{i.created_by?.name ?? <span className="muted">—</span>}</td>
                <td className="nowrap" data-label="When"><time dateTime={i.created_at}>{when.date(i.created_at)}</time></td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </section>
  );
}
