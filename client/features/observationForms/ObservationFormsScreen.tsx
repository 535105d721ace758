// /app/settings/observation-forms ("Observation forms", issue 28): the district's observation and
// walkthrough forms, active then archived, and the editor (`?form=new` or `?form={id}` in the address, so a
// reload or the Back button keeps the place). Every login reads; `manage settings` on a plan with
// observation forms adds, edits, archives and restores. Without the plan the built-in walkthrough is listed
// with the plan's notice.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import { plural } from '../../../common/plural';
import type { ObservationForm } from '../../../common/schemas/observationForms';
import type { ScreenProps } from '../../app/routeTable';
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

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** "9 items in 3 sections" / "12 items". */
function itemsText(form: ObservationForm): string {
  const sections = new Set(form.items.map((i) => i.section).filter((s) => s !== null)).size;
  const items = plural(form.items.length, 'item', 'items');
  return sections > 1 ? `${items} in ${plural(sections, 'section', 'sections')}` : items;
}

function FormRow({ form, canManage, busy, onEdit, onArchive, onRestore }: {
  form: ObservationForm; canManage: boolean; busy: boolean; onEdit: () => void; onArchive: () => void; onRestore: () => void;
}) {
  return (
    <li className={settingsRowClass(!!form.archived_at)}>
      <div className="settings-row__main">
        <h3 className="settings-row__name">
          {form.name}
          {form.builtin && <span className="badge badge--info settings-row__badge">Built-in</span>}
          {form.archived_at && <span className="badge badge--neutral settings-row__badge">Archived</span>}
        </h3>
        <p className="settings-row__meta">
          <span className="obf-row__type"><TypeSwatch colour={form.interaction_type.colour} />{form.interaction_type.name}</span>
          <span aria-hidden="true">·</span>
          <span>{itemsText(form)}</span>
          <span aria-hidden="true">·</span>
          <span>Version {form.version}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(form.observation_count, 'observation', 'observations')}</span>
        </p>
        {form.description && <p className="settings-row__desc">{form.description}</p>}
      </div>
      {canManage && (
        <div className="settings-row__actions">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${form.name}`}>Edit</Button>
          {form.archived_at ? (
            <Button size="sm" variant="secondary" busy={busy} onClick={onRestore} aria-label={`Restore ${form.name}`}>Restore</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={onArchive} aria-label={`Archive ${form.name}`}>Archive</Button>
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
      toast.success(on ? `${form.name} has been archived. Its observations keep it; you can restore it at any time.` : `${form.name} has been restored.`);
    } catch (err) {
      toast.error(errorText(err, 'We could not change this form. Please try again.'));
    } finally {
      setBusy(null);
      setArchiving(null);
    }
  };

  const header = (
    <PageHeader
      title={route.title}
      breadcrumbs={editingParam ? [{ label: route.title, to: '/app/settings/observation-forms' }, { label: editingParam === 'new' ? 'New form' : editing?.name ?? 'Edit form' }] : undefined}
      description={<p>The look-fors and questions observers answer in a classroom. Observations are coaching tools, never an evaluation.</p>}
      actions={canManage && !editingParam ? <Button onClick={() => openEditor(null)}>Add form</Button> : undefined}
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
        <PlanFeatureCard feature="observation-forms" title="Your own observation forms" planName={user.district?.plan.name ?? null} size="sm" items={[
          "write your district's own look-fors, ratings, choices and evidence questions, in sections;",
          'link items to your skill framework, so an observation records skill ratings;',
          'keep the Coaching observation form and edit the built-in walkthrough, every version kept;',
          'see the walkthrough report: how often each look-for was seen, by school and month.',
        ]} />
      )}
      <Card
        titleId="obf-forms-title"
        title="Forms"
        intro={<>
          What observers choose from when they start an observation.
          {!canManage && available && ' Only district administrators can change them.'}
        </>}
      >
        {error && !data ? (
          <Alert tone="danger" title="We could not load the observation forms">
            <p>{error.message}</p>
            <Button size="sm" variant="secondary" onClick={() => void mutate()}>Try again</Button>
          </Alert>
        ) : isLoading && !data ? (
          <LoadingBlock label="Loading observation forms…" />
        ) : (
          <>
            {active.length === 0 ? <p className="muted">No active forms. {canManage && 'Add one so observers can start observations.'}</p> : list(active)}
            {archived.length > 0 && (
              <>
                <h3 className="settings-list__heading">Archived forms <span className="muted">({archived.length})</span></h3>
                <p className="muted text-sm">Not offered for new observations; observations already made keep them.</p>
                {list(archived)}
              </>
            )}
          </>
        )}
      </Card>
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive ${archiving?.name ?? 'form'}?`}
        message="Observers will no longer be offered it for new observations. Observations already made keep it, and you can restore it at any time."
        confirmLabel="Archive form"
        danger
        busy={busy !== null}
        onConfirm={() => archiving && void setArchived(archiving, true)}
        onCancel={() => setArchiving(null)}
      />
    </div>
  );
}
