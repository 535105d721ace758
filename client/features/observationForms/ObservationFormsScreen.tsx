// /app/settings/observation-forms ("Observation forms", issue 28): the district's observation and
// walkthrough forms, active then archived, and the editor (`?form=new` or `?form={id}` in the address, so a
// reload or the Back button keeps the place). Every login reads; `manage settings` on a plan with
// observation forms adds, edits, archives and restores. Without the plan the built-in walkthrough is listed
// with the plan's notice.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ObservationForm } from '../../../common/schemas/observationForms';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TypeSwatch } from '../../components/InteractionItem';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { PlanFeatureCard } from '../../components/PlanUpgradeNotice';
import { settingsRowClass } from '../../components/SettingsList';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { useAuthUser } from '../../lib/session';
import { observationFormApi, useObservationForms } from './api';
import { FormEditor } from './components/FormEditor';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  items: { id: 'observationForms.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  itemsInSections: { id: 'observationForms.itemsInSections', defaultMessage: '{count, plural, one {# item} other {# items}} in {sections, plural, one {# section} other {# sections}}' },
  builtIn: { id: 'observationForms.builtIn', defaultMessage: 'Built-in' },
  archived: { id: 'observationForms.archived', defaultMessage: 'Archived' },
  version: { id: 'observationForms.version', defaultMessage: 'Version {version}' },
  observations: { id: 'observationForms.observations', defaultMessage: '{count, plural, one {# observation} other {# observations}}' },
  editName: { id: 'observationForms.editName', defaultMessage: 'Edit {name}' },
  edit: { id: 'observationForms.edit', defaultMessage: 'Edit' },
  restoreName: { id: 'observationForms.restoreName', defaultMessage: 'Restore {name}' },
  restore: { id: 'observationForms.restore', defaultMessage: 'Restore' },
  archiveName: { id: 'observationForms.archiveName', defaultMessage: 'Archive {name}' },
  archive: { id: 'observationForms.archive', defaultMessage: 'Archive' },
  archivedToast: { id: 'observationForms.archivedToast', defaultMessage: '{name} has been archived. Its observations keep it; you can restore it at any time.' },
  restoredToast: { id: 'observationForms.restoredToast', defaultMessage: '{name} has been restored.' },
  changeFailed: { id: 'observationForms.changeFailed', defaultMessage: 'We could not change this form. Please try again.' },
  newForm: { id: 'observationForms.newForm', defaultMessage: 'New form' },
  editForm: { id: 'observationForms.editForm', defaultMessage: 'Edit form' },
  description: { id: 'observationForms.description', defaultMessage: 'The look-fors and questions observers answer in a classroom. Observations are coaching tools, never an evaluation.' },
  addForm: { id: 'observationForms.addForm', defaultMessage: 'Add form' },
  planTitle: { id: 'observationForms.planTitle', defaultMessage: 'Your own observation forms' },
  planItem1: { id: 'observationForms.planItem1', defaultMessage: 'write your district\'s own look-fors, ratings, choices and evidence questions, in sections;' },
  planItem2: { id: 'observationForms.planItem2', defaultMessage: 'link items to your skill framework, so an observation records skill ratings;' },
  planItem3: { id: 'observationForms.planItem3', defaultMessage: 'keep the Coaching observation form and edit the built-in walkthrough, every version kept;' },
  planItem4: { id: 'observationForms.planItem4', defaultMessage: 'see the walkthrough report: how often each look-for was seen, by school and month.' },
  forms: { id: 'observationForms.forms', defaultMessage: 'Forms' },
  formsIntro: { id: 'observationForms.formsIntro', defaultMessage: 'What observers choose from when they start an observation.' },
  onlyAdmins: { id: 'observationForms.onlyAdmins', defaultMessage: ' Only district administrators can change them.' },
  loadFailed: { id: 'observationForms.loadFailed', defaultMessage: 'We could not load the observation forms' },
  tryAgain: { id: 'observationForms.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'observationForms.loading', defaultMessage: 'Loading observation forms…' },
  noActive: { id: 'observationForms.noActive', defaultMessage: 'No active forms.' },
  addOne: { id: 'observationForms.addOne', defaultMessage: 'Add one so observers can start observations.' },
  archivedForms: { id: 'observationForms.archivedForms', defaultMessage: 'Archived forms' },
  archivedIntro: { id: 'observationForms.archivedIntro', defaultMessage: 'Not offered for new observations; observations already made keep them.' },
  archiveTitle: { id: 'observationForms.archiveTitle', defaultMessage: 'Archive {name}?' },
  form: { id: 'observationForms.form', defaultMessage: 'form' },
  archiveBody: { id: 'observationForms.archiveBody', defaultMessage: 'Observers will no longer be offered it for new observations. Observations already made keep it, and you can restore it at any time.' },
  archiveForm: { id: 'observationForms.archiveForm', defaultMessage: 'Archive form' },
});

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** "9 items in 3 sections" / "12 items". */
function itemsText(form: ObservationForm): string {
  const sections = new Set(form.items.map((i) => i.section).filter((s) => s !== null)).size;
  return sections > 1 ? t(m.itemsInSections, { count: form.items.length, sections }) : t(m.items, { count: form.items.length });
}

function FormRow({ form, canManage, busy, onEdit, onArchive, onRestore }: {
  form: ObservationForm; canManage: boolean; busy: boolean; onEdit: () => void; onArchive: () => void; onRestore: () => void;
}) {
  return (
    <li className={settingsRowClass(!!form.archived_at)}>
      <div className="settings-row__main">
        <h3 className="settings-row__name">
          {form.name}
          {form.builtin && <span className="badge badge--info settings-row__badge">{t(m.builtIn)}</span>}
          {form.archived_at && <span className="badge badge--neutral settings-row__badge">{t(m.archived)}</span>}
        </h3>
        <p className="settings-row__meta">
          <span className="obf-row__type"><TypeSwatch colour={form.interaction_type.colour} />{form.interaction_type.name}</span>
          <span aria-hidden="true">·</span>
          <span>{itemsText(form)}</span>
          <span aria-hidden="true">·</span>
          <span>{t(m.version, { version: form.version })}</span>
          <span aria-hidden="true">·</span>
          <span>{t(m.observations, { count: form.observation_count })}</span>
        </p>
        {form.description && <p className="settings-row__desc">{form.description}</p>}
      </div>
      {canManage && (
        <div className="settings-row__actions">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t(m.editName, { name: form.name })}>{t(m.edit)}</Button>
          {form.archived_at ? (
            <Button size="sm" variant="secondary" busy={busy} onClick={onRestore} aria-label={t(m.restoreName, { name: form.name })}>{t(m.restore)}</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={onArchive} aria-label={t(m.archiveName, { name: form.name })}>{t(m.archive)}</Button>
          )}
        </div>
      )}
    </li>
  );
}

export default function ObservationFormsScreen({ route }: ScreenProps) {
  const toast = useToast();
  const { user } = useAuthUser();
  const { data, error, isLoading, mutate } = useObservationForms();
  const [params, setParams] = useSearchParams();
  const [archiving, setArchiving] = useState<ObservationForm | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  if (!user) return <LoadingBlock />;

  const available = hasFeature(user.district?.features ?? [], 'observation-forms');
  const canManage = available && hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  const forms = data?.data ?? [];
  const active = forms.filter((f) => !f.archived_at);
  const archived = forms.filter((f) => f.archived_at);

  const editingParam = canManage ? params.get('form') : null;
  const editing = editingParam === 'new' ? null : forms.find((f) => String(f.id) === editingParam);
  const openEditor = (form: ObservationForm | null) => setParams({ form: form ? String(form.id) : 'new' });
  const closeEditor = () => setParams({}, { replace: false });

  const setArchived = async (form: ObservationForm, on: boolean) => {
    setBusy(form.id);
    try {
      await (on ? observationFormApi.archive(form.id) : observationFormApi.restore(form.id));
      toast.success(on ? t(m.archivedToast, { name: form.name }) : t(m.restoredToast, { name: form.name }));
    } catch (err) {
      toast.error(errorText(err, t(m.changeFailed)));
    } finally {
      setBusy(null);
      setArchiving(null);
    }
  };

  const header = (
    <PageHeader
      title={routeTitle(route)}
      breadcrumbs={editingParam ? [{ label: routeTitle(route), to: '/app/settings/observation-forms' }, { label: editingParam === 'new' ? t(m.newForm) : editing?.name ?? t(m.editForm) }] : undefined}
      description={<p>{t(m.description)}</p>}
      actions={canManage && !editingParam ? <Button onClick={() => openEditor(null)}>{t(m.addForm)}</Button> : undefined}
    />
  );

  if (editingParam && (editingParam === 'new' || editing)) {
    return (
      <div className="stack stack--lg obf-page">
        {header}
        <FormEditor key={editingParam} form={editing ?? null} onDone={closeEditor} />
      </div>
    );
  }

  const list = (rows: ObservationForm[]) => (
    <ul className="settings-list">
      {rows.map((f) => (
        <FormRow key={f.id} form={f} canManage={canManage} busy={busy === f.id}
          onEdit={() => openEditor(f)} onArchive={() => setArchiving(f)} onRestore={() => void setArchived(f, false)} />
      ))}
    </ul>
  );

  return (
    <div className="stack stack--lg obf-page">
      {header}
      {!available && (
        <PlanFeatureCard feature="observation-forms" title={t(m.planTitle)} planName={user.district?.plan.name ?? null} size="sm" items={[
          t(m.planItem1), t(m.planItem2), t(m.planItem3), t(m.planItem4),
        ]} />
      )}
      <Card
        titleId="obf-forms-title"
        title={t(m.forms)}
        intro={<>
          {t(m.formsIntro)}
          {!canManage && available && t(m.onlyAdmins)}
        </>}
      >
        {error && !data ? (
          <Alert tone="danger" title={t(m.loadFailed)}>
            <p>{error.message}</p>
            <Button size="sm" variant="secondary" onClick={() => void mutate()}>{t(m.tryAgain)}</Button>
          </Alert>
        ) : isLoading && !data ? (
          <LoadingBlock label={t(m.loading)} />
        ) : (
          <>
            {active.length === 0 ? <p className="muted">{t(m.noActive)} {canManage && t(m.addOne)}</p> : list(active)}
            {archived.length > 0 && (
              <>
                <h3 className="settings-list__heading">{t(m.archivedForms)} <span className="muted">({archived.length})</span></h3>
                <p className="muted text-sm">{t(m.archivedIntro)}</p>
                {list(archived)}
              </>
            )}
          </>
        )}
      </Card>
      <ConfirmDialog
        open={archiving !== null}
        title={t(m.archiveTitle, { name: archiving?.name ?? t(m.form) })}
        message={t(m.archiveBody)}
        confirmLabel={t(m.archiveForm)}
        danger
        busy={busy !== null}
        onConfirm={() => archiving && void setArchived(archiving, true)}
        onCancel={() => setArchiving(null)}
      />
    </div>
  );
}
