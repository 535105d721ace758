// /app/settings/coaching-cycle ("Coaching cycle settings"): the district's cycle stages (expected days,
// order, archive) and goal templates. Every login reads; `manage settings` on a plan with coaching cycles
// changes. Moving is two buttons per row (keyboard-usable, no drag); focus stays on the moved row's button.
import { useState } from 'react';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import { firstPlanWith } from '../../../common/plans';
import {
  type CycleStage, type GoalTemplate, STAGE_EXPECTED_DAYS_MAX,
} from '../../../common/schemas/cycles';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextAreaField, TextField } from '../../components/Field';
import { FormModal } from '../../components/FormModal';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { PlanUpgradeNotice } from '../../components/PlanUpgradeNotice';
import { MoveButtons, settingsRowClass } from '../../components/SettingsList';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { goalTemplateApi, movedOrder, stageApi, useCycleStages, useGoalTemplates } from '../../lib/cycles';
import { useFocusAfterRender } from '../../lib/focus';
import { useFormErrors } from '../../lib/forms';
import { useAuthUser } from '../../lib/session';
import { plural } from '../../../common/plural';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const daysText = (n: number) => plural(n, 'day', 'days');

// ---- Stages -----------------------------------------------------------------------------------------

/** Add a stage (no `stage`) or edit one; closes itself after a successful save. */
function StageForm({ stage, onClose }: { stage: CycleStage | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ name: stage?.name ?? '', description: stage?.description ?? '', expected_days: String(stage?.expected_days ?? 14) });
  const submit = form.onSubmit(() => form.run(async () => {
    const input = { ...form.values, expected_days: Number(form.values.expected_days) };
    await (stage ? stageApi.update(stage.id, input) : stageApi.create(input));
    toast.success(stage ? `${input.name.trim()} has been saved.` : `${input.name.trim()} has been added.`);
    onClose();
  }));
  return (
    <FormModal
      onClose={onClose}
      title={stage ? `Edit ${stage.name}` : 'Add a stage'}
      form={form}
      formId="cys-stage-form"
      formClassName="form stack"
      onSubmit={submit}
      submitLabel={stage ? 'Save stage' : 'Add stage'}
    >
      <TextField label="Name" required maxLength={80} {...form.field('name')} />
      <TextAreaField label="Description" rows={3} hint="What coach and educator do in this stage." {...form.field('description')} />
      <TextField
        label="Expected days"
        type="number"
        inputMode="numeric"
        min={1}
        max={STAGE_EXPECTED_DAYS_MAX}
        required
        hint="A cycle is due soon in the last 3 days and overdue after them."
        {...form.field('expected_days')}
      />
    </FormModal>
  );
}

function StagesSection({ canManage }: { canManage: boolean }) {
  const toast = useToast();
  const { data, error, isLoading } = useCycleStages();
  const [editing, setEditing] = useState<{ stage: CycleStage | null } | null>(null);
  const [archiving, setArchiving] = useState<CycleStage | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const focusAfter = useFocusAfterRender();
  if (isLoading) return <LoadingBlock label="Loading stages…" />;
  if (error || !data) return <Alert tone="danger" title="We could not load the stages">{error?.message ?? 'Please try again.'}</Alert>;
  const active = data.data.filter((s) => !s.archived);
  const archived = data.data.filter((s) => s.archived);

  const move = async (stage: CycleStage, direction: 'up' | 'down') => {
    try {
      await stageApi.order(movedOrder(data.data, stage.id, direction));
      const at = active.findIndex((s) => s.id === stage.id) + (direction === 'up' ? -1 : 1);
      setStatus(`${stage.name} moved ${direction}, now stage ${at + 1} of ${active.length}.`);
      focusAfter(`cys-stage-${direction}-${stage.id}`);
    } catch (err) {
      toast.error(errorText(err, 'We could not move this stage. Please try again.'));
    }
  };
  const setArchived = async (stage: CycleStage, on: boolean) => {
    setBusy(true);
    try {
      await (on ? stageApi.archive(stage.id) : stageApi.restore(stage.id));
      toast.success(on ? `${stage.name} has been archived. Cycles that passed through it keep it in their history.` : `${stage.name} has been restored.`);
      setArchiving(null);
    } catch (err) {
      toast.error(errorText(err, 'We could not change this stage. Please try again.'));
      setArchiving(null);
    } finally {
      setBusy(false);
    }
  };

  const item = (stage: CycleStage, index: number, count: number) => (
    <li key={stage.id} className={settingsRowClass(stage.archived)}>
      {!stage.archived && <span className="disc" aria-hidden="true">{index + 1}</span>}
      <div className="settings-row__main">
        <p className="settings-row__name">
          {!stage.archived && <span className="sr-only">Stage {index + 1}: </span>}
          {stage.name}
          {stage.archived && <span className="badge badge--neutral settings-row__badge">Archived</span>}
        </p>
        <p className="settings-row__meta">
          <span>{daysText(stage.expected_days)} expected</span>
          <span aria-hidden="true">·</span>
          <span>{stage.open_cycles === 1 ? '1 open cycle' : `${stage.open_cycles} open cycles`}</span>
        </p>
        {stage.description && <p className="settings-row__desc">{stage.description}</p>}
      </div>
      {canManage && (
        <div className="settings-row__actions">
          {!stage.archived && <MoveButtons idOf={(d) => `cys-stage-${d}-${stage.id}`} name={stage.name} index={index} count={count} onMove={(d) => move(stage, d)} />}
          <Button size="sm" variant="ghost" onClick={() => setEditing({ stage })} aria-label={`Edit stage ${stage.name}`}>Edit</Button>
          {stage.archived ? (
            <Button size="sm" variant="secondary" onClick={() => setArchived(stage, false)} aria-label={`Restore stage ${stage.name}`}>Restore</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={() => setArchiving(stage)} aria-label={`Archive stage ${stage.name}`}>Archive</Button>
          )}
        </div>
      )}
    </li>
  );

  return (
    <Card
      className="stack"
      titleId="cys-stages-title"
      title="Stages"
      intro="Every cycle moves through these stages in order. Expected days set when a stage is due soon (its last 3 days) and overdue."
      action={canManage && <Button onClick={() => setEditing({ stage: null })}>Add stage</Button>}
    >
      <ol className="settings-list">{active.map((s, i) => item(s, i, active.length))}</ol>
      {archived.length > 0 && (
        <>
          <h3 className="settings-list__heading">Archived stages</h3>
          <ul className="settings-list">{archived.map((s, i) => item(s, i, archived.length))}</ul>
        </>
      )}
      <p className="sr-only" role="status" aria-live="polite">{status}</p>
      {editing && <StageForm stage={editing.stage} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive ${archiving?.name ?? 'stage'}?`}
        message={active.length <= 1
          ? 'This is the only active stage. Add another stage before archiving it.'
          : 'New cycles will skip this stage. Cycles in it now stay there until moved, and every cycle that passed through it keeps it in its history.'}
        confirmLabel="Archive stage"
        danger
        busy={busy}
        onConfirm={() => archiving && setArchived(archiving, true)}
        onCancel={() => setArchiving(null)}
      />
    </Card>
  );
}

// ---- Goal templates ---------------------------------------------------------------------------------

/** Add a goal template (no `template`) or edit one; closes itself after a successful save. */
function TemplateForm({ template, onClose }: { template: GoalTemplate | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ title: template?.title ?? '', goal: template?.goal ?? '' });
  const submit = form.onSubmit(() => form.run(async () => {
    await (template ? goalTemplateApi.update(template.id, form.values) : goalTemplateApi.create(form.values));
    toast.success(template ? `${form.values.title.trim()} has been saved.` : `${form.values.title.trim()} has been added.`);
    onClose();
  }));
  return (
    <FormModal
      onClose={onClose}
      title={template ? `Edit ${template.title}` : 'Add a goal template'}
      form={form}
      formId="cys-template-form"
      formClassName="form stack"
      onSubmit={submit}
      submitLabel={template ? 'Save template' : 'Add template'}
    >
      <TextField label="Title" required maxLength={120} {...form.field('title')} />
      <TextAreaField label="Goal" rows={4} required hint="The goal statement a new cycle starts from; the coach can change it." {...form.field('goal')} />
    </FormModal>
  );
}

function TemplatesSection({ canManage }: { canManage: boolean }) {
  const toast = useToast();
  const { data, error, isLoading } = useGoalTemplates();
  const [editing, setEditing] = useState<{ template: GoalTemplate | null } | null>(null);
  const [status, setStatus] = useState('');
  const focusAfter = useFocusAfterRender();
  if (isLoading) return <LoadingBlock label="Loading goal templates…" />;
  if (error || !data) return <Alert tone="danger" title="We could not load the goal templates">{error?.message ?? 'Please try again.'}</Alert>;
  const rows = data.data;
  const active = rows.filter((t) => !t.archived);
  const archived = rows.filter((t) => t.archived);
  const move = async (t: GoalTemplate, direction: 'up' | 'down') => {
    try {
      await goalTemplateApi.order(movedOrder(rows, t.id, direction));
      setStatus(`${t.title} moved ${direction}.`);
      focusAfter(`cys-template-${direction}-${t.id}`);
    } catch (err) {
      toast.error(errorText(err, 'We could not move this template. Please try again.'));
    }
  };
  const setArchived = async (t: GoalTemplate, on: boolean) => {
    try {
      await (on ? goalTemplateApi.archive(t.id) : goalTemplateApi.restore(t.id));
      toast.success(on ? `${t.title} has been archived.` : `${t.title} has been restored.`);
    } catch (err) {
      toast.error(errorText(err, 'We could not change this template. Please try again.'));
    }
  };
  const item = (t: GoalTemplate, index: number, count: number) => (
    <li key={t.id} className={settingsRowClass(t.archived)}>
      <div className="settings-row__main">
        <p className="settings-row__name">
          {t.title}
          {t.archived && <span className="badge badge--neutral settings-row__badge">Archived</span>}
        </p>
        <p className="settings-row__desc">{t.goal}</p>
      </div>
      {canManage && (
        <div className="settings-row__actions">
          {!t.archived && <MoveButtons idOf={(d) => `cys-template-${d}-${t.id}`} name={t.title} index={index} count={count} onMove={(d) => move(t, d)} />}
          <Button size="sm" variant="ghost" onClick={() => setEditing({ template: t })} aria-label={`Edit template ${t.title}`}>Edit</Button>
          {t.archived ? (
            <Button size="sm" variant="secondary" onClick={() => setArchived(t, false)} aria-label={`Restore template ${t.title}`}>Restore</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={() => setArchived(t, true)} aria-label={`Archive template ${t.title}`}>Archive</Button>
          )}
        </div>
      )}
    </li>
  );
  return (
    <Card
      className="stack"
      titleId="cys-templates-title"
      title="Goal templates"
      intro="Optional starting points for a new cycle's goal. Coaches pick one and adapt it."
      action={canManage && <Button onClick={() => setEditing({ template: null })}>Add template</Button>}
    >
      {active.length === 0 && archived.length === 0 ? (
        <p className="muted">No goal templates yet.{canManage ? ' Add one so coaches can start a cycle from it.' : ''}</p>
      ) : (
        <ol className="settings-list">{active.map((t, i) => item(t, i, active.length))}</ol>
      )}
      {archived.length > 0 && (
        <>
          <h3 className="settings-list__heading">Archived templates</h3>
          <ul className="settings-list">{archived.map((t, i) => item(t, i, archived.length))}</ul>
        </>
      )}
      <p className="sr-only" role="status" aria-live="polite">{status}</p>
      {editing && <TemplateForm template={editing.template} onClose={() => setEditing(null)} />}
    </Card>
  );
}

export default function CycleSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const planHasCycles = hasFeature(user.district?.features ?? [], 'coaching-cycles');
  const canManage = planHasCycles && hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  return (
    <div className="stack stack--lg cys-page">
      <PageHeader
        title={route.title}
        description={<p>The stages every coaching cycle moves through, how long each should take, and goal templates to start from.</p>}
      />
      {!planHasCycles && (
        <Alert tone="info" title={`Available on the ${firstPlanWith('coaching-cycles').name} plan`}>
          <PlanUpgradeNotice feature="coaching-cycles" size="sm">
            {user.district && <p className="muted text-sm">Your district is on the {user.district.plan.name} plan. The stages below are the ones your cycles would use.</p>}
          </PlanUpgradeNotice>
        </Alert>
      )}
      {planHasCycles && !canManage && (
        <p className="muted">Only staff who manage settings can change the stages and templates.</p>
      )}
      <StagesSection canManage={canManage} />
      <TemplatesSection canManage={canManage} />
    </div>
  );
}
