// District view (admin, `see all districts`): the district's profile; plan, seats, status and trial end
// with the account actions (extend a trial: any reader; plan, seats, suspend, reactivate: provider
// administrators); billing (client/components/adminBilling: contact, renewal, quotes and invoices with
// their actions); its sign-in connections (read-only, with Test connection); its users with "Impersonate"; schools
// with educators; usage; imports.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PERMISSIONS, hasPermission } from '../../../common/permissions';
import { PLANS } from '../../../common/plans';
import type { AdminDistrictDetail } from '../../../common/schemas/adminDistricts';
import { MONTHS } from '../../../common/schemas/site';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { BillingPanel } from '../../components/adminBilling/BillingPanel';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { TableFrame } from '../../components/Table';
import { formatDay } from '../../lib/dates';
import { formatInteger, formatRelative } from '../../lib/format';
import { defineMessages, type MessageDescriptor, t, tRich, tText } from '../../lib/i18n';
import { stateName } from '../../lib/usStates';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { zonedDay } from '../../lib/zonedTime';
import { revalidateAfterPurge, revalidateDistrict, useAdminDistrict } from './api';
import { type DistrictAction, DistrictActionDialog } from './components/ActionDialogs';
import { type DeletionAction, DeletionDialog } from './components/DeletionDialogs';
import { DistrictStatusBadge, PlanBadge } from './components/Badges';
import { DistrictUsers } from './components/DistrictUsers';
import { SignInConnections } from './components/SignInConnections';

const whole = (v: string | undefined) => (/^[1-9]\d{0,14}$/.test(v ?? '') ? Number(v) : null);
const m = defineMessages({
  districts: { id: 'adminDistricts.view.districts', defaultMessage: 'Districts' },
  deletedTitle: { id: 'adminDistricts.view.deletedTitle', defaultMessage: 'District deleted' },
  deletedText: { id: 'adminDistricts.view.deletedText', defaultMessage: 'Every record of {name} is deleted. Its certificate of deletion is emailed to its administrators and billing contact.' },
  deletedLink: { id: 'adminDistricts.view.deletedLink', defaultMessage: 'See its certificate under Deleted districts' },
  notFoundTitle: { id: 'adminDistricts.view.notFoundTitle', defaultMessage: 'District not found' },
  errorTitle: { id: 'adminDistricts.view.errorTitle', defaultMessage: 'Uh-oh.' },
  notFoundText: { id: 'adminDistricts.view.notFoundText', defaultMessage: 'We could not find that district. It may have been removed, or the address is mistyped.' },
  errorText: { id: 'adminDistricts.view.errorText', defaultMessage: 'An error occurred while fetching the district. Please try again later.' },
  backToDistricts: { id: 'adminDistricts.view.backToDistricts', defaultMessage: 'Back to districts' },
  tryAgain: { id: 'adminDistricts.view.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'adminDistricts.view.loading', defaultMessage: 'Loading district…' },
  suspendedTitle: { id: 'adminDistricts.view.suspendedTitle', defaultMessage: 'This district is suspended' },
  suspendedSince: { id: 'adminDistricts.view.suspendedSince', defaultMessage: 'Since {date}. Its people cannot sign in; its data is kept.' },
  suspendedSinceReason: { id: 'adminDistricts.view.suspendedSinceReason', defaultMessage: 'Since {date}: <q>{reason}</q> Its people cannot sign in; its data is kept.' },
  unknownDate: { id: 'adminDistricts.view.unknownDate', defaultMessage: 'an unknown date' },
  purgingTitle: { id: 'adminDistricts.view.purgingTitle', defaultMessage: 'Deleting this district…' },
  purgedSoFar: { id: 'adminDistricts.view.purgedSoFar', defaultMessage: '{count, plural, one {# record removed so far.} other {# records removed so far.}}' },
  purgeStarted: { id: 'adminDistricts.view.purgeStarted', defaultMessage: 'Started {when} by {who}. It can no longer be restored. This page updates by itself; when the district is gone its certificate is under Deleted districts.' },
  deletionJob: { id: 'adminDistricts.view.deletionJob', defaultMessage: 'the scheduled deletion job' },
  scheduledTitle: { id: 'adminDistricts.view.scheduledTitle', defaultMessage: 'Scheduled for deletion on {date}' },
  scheduledOn: { id: 'adminDistricts.view.scheduledOn', defaultMessage: 'Scheduled {date}.' },
  scheduledOnBy: { id: 'adminDistricts.view.scheduledOnBy', defaultMessage: 'Scheduled {date} by {name}.' },
  scheduledText: { id: 'adminDistricts.view.scheduledText', defaultMessage: 'Its people cannot sign in. On that day every record of the district is deleted for good and a certificate is emailed to its administrators and billing contact; until then, Restore undoes it.' },
  restore: { id: 'adminDistricts.view.restore', defaultMessage: 'Restore' },
  deleteNow: { id: 'adminDistricts.view.deleteNow', defaultMessage: 'Delete now' },
  profile: { id: 'adminDistricts.view.profile', defaultMessage: 'Profile' },
  name: { id: 'adminDistricts.view.name', defaultMessage: 'Name' },
  slug: { id: 'adminDistricts.view.slug', defaultMessage: 'Slug' },
  state: { id: 'adminDistricts.view.state', defaultMessage: 'State' },
  timezone: { id: 'adminDistricts.view.timezone', defaultMessage: 'Timezone' },
  schoolYearStarts: { id: 'adminDistricts.view.schoolYearStarts', defaultMessage: 'School year starts' },
  created: { id: 'adminDistricts.view.created', defaultMessage: 'Created' },
  planAndStatus: { id: 'adminDistricts.view.planAndStatus', defaultMessage: 'Plan and status' },
  plan: { id: 'adminDistricts.view.plan', defaultMessage: 'Plan' },
  coachSeats: { id: 'adminDistricts.view.coachSeats', defaultMessage: 'Coach seats' },
  seatsInUse: { id: 'adminDistricts.view.seatsInUse', defaultMessage: '{used} of {seats} in use' },
  overSeats: { id: 'adminDistricts.view.overSeats', defaultMessage: 'Over seats' },
  status: { id: 'adminDistricts.view.status', defaultMessage: 'Status' },
  trialEnds: { id: 'adminDistricts.view.trialEnds', defaultMessage: 'Trial ends' },
  suspensionReason: { id: 'adminDistricts.view.suspensionReason', defaultMessage: 'Suspension reason' },
  deletion: { id: 'adminDistricts.view.deletion', defaultMessage: 'Deletion' },
  deletingNow: { id: 'adminDistricts.view.deletingNow', defaultMessage: 'Deleting now' },
  scheduledFor: { id: 'adminDistricts.view.scheduledFor', defaultMessage: 'Scheduled for {date}' },
  extendTrial: { id: 'adminDistricts.view.extendTrial', defaultMessage: 'Extend trial' },
  changePlan: { id: 'adminDistricts.view.changePlan', defaultMessage: 'Change plan or seats' },
  reactivate: { id: 'adminDistricts.view.reactivate', defaultMessage: 'Reactivate' },
  suspend: { id: 'adminDistricts.view.suspend', defaultMessage: 'Suspend' },
  scheduleDeletion: { id: 'adminDistricts.view.scheduleDeletion', defaultMessage: 'Schedule deletion' },
  providerOnly: { id: 'adminDistricts.view.providerOnly', defaultMessage: 'Only a provider administrator can change the plan, seats or status.' },
  usage: { id: 'adminDistricts.view.usage', defaultMessage: 'Usage' },
  interactions30: { id: 'adminDistricts.view.interactions30', defaultMessage: 'Interactions, last 30 days' },
  signedIn30: { id: 'adminDistricts.view.signedIn30', defaultMessage: 'People who signed in, last 30 days' },
  activeEducators: { id: 'adminDistricts.view.activeEducators', defaultMessage: 'Active educators' },
  lastActivity: { id: 'adminDistricts.view.lastActivity', defaultMessage: 'Last activity' },
  never: { id: 'adminDistricts.view.never', defaultMessage: 'Never' },
  schools: { id: 'adminDistricts.view.schools', defaultMessage: 'Schools' },
  schoolCount: { id: 'adminDistricts.view.schoolCount', defaultMessage: '{count, plural, one {# school} other {# schools}}' },
  noSchools: { id: 'adminDistricts.view.noSchools', defaultMessage: 'No schools yet.' },
  schoolsCaption: { id: 'adminDistricts.view.schoolsCaption', defaultMessage: 'Schools of {name}' },
  school: { id: 'adminDistricts.view.school', defaultMessage: 'School' },
  code: { id: 'adminDistricts.view.code', defaultMessage: 'Code' },
  grades: { id: 'adminDistricts.view.grades', defaultMessage: 'Grades' },
  educators: { id: 'adminDistricts.view.educators', defaultMessage: 'Educators' },
  imports: { id: 'adminDistricts.view.imports', defaultMessage: 'Imports' },
  importUsers: { id: 'adminDistricts.view.importUsers', defaultMessage: 'Import users' },
  noImports: { id: 'adminDistricts.view.noImports', defaultMessage: 'No staff or user imports yet. “Import users” adds this district’s logins from a CSV file.' },
  importsCaption: { id: 'adminDistricts.view.importsCaption', defaultMessage: 'Recent imports of {name}' },
  file: { id: 'adminDistricts.view.file', defaultMessage: 'File' },
  kind: { id: 'adminDistricts.view.kind', defaultMessage: 'Kind' },
  rows: { id: 'adminDistricts.view.rows', defaultMessage: 'Rows' },
  added: { id: 'adminDistricts.view.added', defaultMessage: 'Added' },
  updated: { id: 'adminDistricts.view.updated', defaultMessage: 'Updated' },
  errors: { id: 'adminDistricts.view.errors', defaultMessage: 'Errors' },
  by: { id: 'adminDistricts.view.by', defaultMessage: 'By' },
  when: { id: 'adminDistricts.view.when', defaultMessage: 'When' },
  kindUsers: { id: 'adminDistricts.view.kindUsers', defaultMessage: 'Users' },
  kindStaff: { id: 'adminDistricts.view.kindStaff', defaultMessage: 'Staff' },
  importPending: { id: 'adminDistricts.view.importPending', defaultMessage: 'Not run' },
  importRunning: { id: 'adminDistricts.view.importRunning', defaultMessage: 'Running' },
  importCompleted: { id: 'adminDistricts.view.importCompleted', defaultMessage: 'Completed' },
  importFailed: { id: 'adminDistricts.view.importFailed', defaultMessage: 'Failed' },
  importInterrupted: { id: 'adminDistricts.view.importInterrupted', defaultMessage: 'Interrupted' },
});
const IMPORT_STATUS: Record<string, MessageDescriptor> = {
  pending: m.importPending, running: m.importRunning, completed: m.importCompleted, failed: m.importFailed, interrupted: m.importInterrupted,
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
  const title = routeTitle(route);
  const breadcrumbs = [{ label: t(m.districts), to: '/admin/districts' }, { label: district?.name ?? title }];
  // A district seen purging that then answers 404 was deleted: the lists and the certificates refetch.
  const purging = useRef<string | null>(null);
  if (district?.purge) purging.current = district.name;
  const deleted = error?.status === 404 && purging.current !== null;
  useEffect(() => { if (deleted) void revalidateAfterPurge(); }, [deleted]);

  if (deleted) {
    return (
      <div className="stack stack--lg adm-page">
        <PageHeader title={purging.current!} breadcrumbs={[breadcrumbs[0]!, { label: purging.current! }]} />
        <Alert tone="success" title={t(m.deletedTitle)}>
          <p>{t(m.deletedText, { name: purging.current })}</p>
          <p><Link to="/admin/districts#deleted-districts">{t(m.deletedLink)}</Link></p>
        </Alert>
      </div>
    );
  }

  if (id === null || error) {
    const missing = id === null || error?.status === 404;
    return (
      <div className="stack stack--lg adm-page">
        <PageHeader title={title} breadcrumbs={breadcrumbs} />
        <Alert tone="danger" title={missing ? t(m.notFoundTitle) : t(m.errorTitle)}>
          <p>{missing ? t(m.notFoundText) : t(m.errorText)}</p>
          <p>{missing ? <Link to="/admin/districts">{t(m.backToDistricts)}</Link> : <Button variant="secondary" size="sm" onClick={() => void mutate()}>{t(m.tryAgain)}</Button>}</p>
        </Alert>
      </div>
    );
  }
  if (!district) return <LoadingBlock label={t(m.loading)} />;

  const canImpersonate = hasPermission(user?.security.permissions ?? [], PERMISSIONS.impersonate);
  const suspendedSince = district.suspended_at ? when.date(district.suspended_at) : t(m.unknownDate);

  return (
    <div className="stack stack--lg adm-page">
      <PageHeader
        title={district.name}
        breadcrumbs={breadcrumbs}
        description={
          <p className="adm-header-line">
            <DistrictStatusBadge status={district.status} /> <PlanBadge plan={district.plan} />
            <span className="muted">{stateName(district.state)} · {district.slug}</span>
          </p>
        }
      />
      {district.status === 'suspended' && (
        <Alert tone="warning" title={t(m.suspendedTitle)}>
          <p>
            {district.suspension_reason
              ? tRich(m.suspendedSinceReason, { date: suspendedSince, reason: district.suspension_reason, q: (chunks) => <q>{chunks}</q> })
              : t(m.suspendedSince, { date: suspendedSince })}
          </p>
        </Alert>
      )}
      {district.purge && (
        <Alert tone="warning" title={t(m.purgingTitle)} className="adm-purging">
          <p role="status"><strong>{t(m.purgedSoFar, { count: district.purge.records_deleted })}</strong></p>
          <p>
            {t(m.purgeStarted, { when: when.dateTime(district.purge.started_at), who: district.purge.started_by?.name ?? t(m.deletionJob) })}
          </p>
        </Alert>
      )}
      {district.deletion && !district.purge && (
        <Alert tone="danger" title={t(m.scheduledTitle, { date: when.date(district.deletion.due_at) })}>
          <p>
            {district.deletion.scheduled_by
              ? t(m.scheduledOnBy, { date: when.date(district.deletion.scheduled_at), name: district.deletion.scheduled_by.name })
              : t(m.scheduledOn, { date: when.date(district.deletion.scheduled_at) })}
            {' '}{t(m.scheduledText)}
          </p>
          {district.can_manage && (
            <p className="cluster">
              <Button size="sm" variant="secondary" onClick={() => setDeletion('restore-deletion')}>{t(m.restore)}</Button>
              <Button size="sm" variant="danger" onClick={() => setDeletion('purge')}>{t(m.deleteNow)}</Button>
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
  const month = MONTHS[district.school_year_start_month - 1];
  return (
    <section className="card adm-section" aria-labelledby="adm-profile-heading">
      <h2 className="card__title adm-card-title" id="adm-profile-heading">{t(m.profile)}</h2>
      <dl className="dl">
        <dt>{t(m.name)}</dt><dd>{district.name}</dd>
        <dt>{t(m.slug)}</dt><dd><code>{district.slug}</code></dd>
        <dt>{t(m.state)}</dt><dd>{stateName(district.state)}</dd>
        <dt>{t(m.timezone)}</dt><dd>{district.timezone}</dd>
        <dt>{t(m.schoolYearStarts)}</dt><dd>{month ? tText(month) : '—'}</dd>
        <dt>{t(m.created)}</dt><dd>{when.date(district.created_at)}</dd>
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
      <h2 className="card__title adm-card-title" id="adm-account-heading">{t(m.planAndStatus)}</h2>
      <dl className="dl">
        <dt>{t(m.plan)}</dt><dd>{district.plan.name}</dd>
        <dt>{t(m.coachSeats)}</dt>
        <dd>
          {t(m.seatsInUse, { used: formatInteger(district.seats_used), seats: formatInteger(district.seats) })}
          {over && <span className="badge badge--warning adm-inline-badge">{t(m.overSeats)}</span>}
        </dd>
        <dt>{t(m.status)}</dt><dd><DistrictStatusBadge status={district.status} /></dd>
        {district.status === 'trial' && (
          <>
            <dt>{t(m.trialEnds)}</dt>
            <dd>{district.trial_ends_at ? formatDay(zonedDay(district.trial_ends_at, district.timezone), locale) : '—'}</dd>
          </>
        )}
        {district.status === 'suspended' && (
          <>
            <dt>{t(m.suspensionReason)}</dt>
            <dd>{district.suspension_reason ?? '—'}</dd>
          </>
        )}
        {district.deletion && (
          <>
            <dt>{t(m.deletion)}</dt>
            <dd>
              <span className="badge badge--danger">{district.purge ? t(m.deletingNow) : t(m.scheduledFor, { date: when.date(district.deletion.due_at) })}</span>
            </dd>
          </>
        )}
      </dl>
      {/* A district being purged takes no more account changes: it is going. */}
      {!district.purge && <div className="cluster adm-actions">
        {district.status === 'trial' && <Button variant="secondary" size="sm" onClick={() => onAction('extend-trial')}>{t(m.extendTrial)}</Button>}
        {district.can_manage && (
          <>
            <Button variant="secondary" size="sm" onClick={() => onAction('plan')}>{t(m.changePlan)}</Button>
            {district.status === 'suspended'
              ? <Button size="sm" onClick={() => onAction('reactivate')}>{t(m.reactivate)}</Button>
              : <Button variant="danger" size="sm" onClick={() => onAction('suspend')}>{t(m.suspend)}</Button>}
            {district.deletion
              ? <Button variant="secondary" size="sm" onClick={() => onDeletion('restore-deletion')}>{t(m.restore)}</Button>
              : <Button variant="danger" size="sm" onClick={() => onDeletion('schedule-deletion')}>{t(m.scheduleDeletion)}</Button>}
          </>
        )}
      </div>}
      {!district.can_manage && <p className="muted text-sm adm-note">{t(m.providerOnly)}</p>}
    </section>
  );
}

function UsageCard({ district, locale }: { district: AdminDistrictDetail; locale: Locale }) {
  const u = district.usage;
  const figures = [
    { label: t(m.interactions30), value: formatInteger(u.interactions_last_30_days) },
    { label: t(m.signedIn30), value: formatInteger(u.active_users_last_30_days) },
    { label: t(m.activeEducators), value: formatInteger(u.educators) },
    { label: t(m.lastActivity), value: u.last_activity_at ? formatRelative(u.last_activity_at, locale) : t(m.never), text: true },
  ];
  return (
    <section className="card adm-section" aria-labelledby="adm-usage-heading">
      <h2 className="card__title adm-card-title" id="adm-usage-heading">{t(m.usage)}</h2>
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
        <h2 className="card__title" id="adm-schools-heading">{t(m.schools)}</h2>
        <span className="muted text-sm">{t(m.schoolCount, { count: district.schools.length })}</span>
      </div>
      {district.schools.length === 0 ? (
        <p className="muted">{t(m.noSchools)}</p>
      ) : (
        <TableFrame caption={t(m.schoolsCaption, { name: district.name })} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <thead>
            <tr><th scope="col">{t(m.school)}</th><th scope="col">{t(m.code)}</th><th scope="col">{t(m.grades)}</th><th scope="col" className="num">{t(m.educators)}</th></tr>
          </thead>
          <tbody>
            {district.schools.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="adm-table__name">{s.name}</th>
                <td data-label={t(m.code)}>{s.code ?? <span className="muted">—</span>}</td>
                <td data-label={t(m.grades)}>{s.grade_band ?? <span className="muted">—</span>}</td>
                <td className="num" data-label={t(m.educators)}>{formatInteger(s.educators)}</td>
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
        <h2 className="card__title" id="adm-imports-heading">{t(m.imports)}</h2>
        <ButtonLink size="sm" to={`/admin/districts/${district.id}/user-import/new`}>{t(m.importUsers)}</ButtonLink>
      </div>
      {district.imports.length === 0 ? (
        <p className="muted">{t(m.noImports)}</p>
      ) : (
        <TableFrame caption={t(m.importsCaption, { name: district.name })} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <thead>
            <tr>
              <th scope="col">{t(m.file)}</th><th scope="col">{t(m.kind)}</th><th scope="col">{t(m.status)}</th>
              <th scope="col" className="num">{t(m.rows)}</th><th scope="col" className="num">{t(m.added)}</th><th scope="col" className="num">{t(m.updated)}</th>
              <th scope="col" className="num">{t(m.errors)}</th><th scope="col">{t(m.by)}</th><th scope="col">{t(m.when)}</th>
            </tr>
          </thead>
          <tbody>
            {district.imports.map((i) => (
              <tr key={i.id}>
                <th scope="row" className="adm-table__name">
                  {i.kind === 'users' ? <Link to={`/admin/districts/${district.id}/user-import/${i.id}`}>{i.file_name}</Link> : i.file_name}
                </th>
                <td data-label={t(m.kind)}>{i.kind === 'users' ? t(m.kindUsers) : t(m.kindStaff)}</td>
                <td data-label={t(m.status)}>{IMPORT_STATUS[i.status] ? t(IMPORT_STATUS[i.status]!) : i.status}</td>
                <td className="num" data-label={t(m.rows)}>{formatInteger(i.total_rows)}</td>
                <td className="num" data-label={t(m.added)}>{formatInteger(i.created_count)}</td>
                <td className="num" data-label={t(m.updated)}>{formatInteger(i.updated_count)}</td>
                <td className="num" data-label={t(m.errors)}>{formatInteger(i.error_count)}</td>
                <td data-label={t(m.by)}>{i.created_by?.name ?? <span className="muted">—</span>}</td>
                <td className="nowrap" data-label={t(m.when)}><time dateTime={i.created_at}>{when.date(i.created_at)}</time></td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </section>
  );
}
