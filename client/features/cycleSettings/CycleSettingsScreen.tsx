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
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  saved: { id: 'cycleSettings.saved', defaultMessage: '{name} has been saved.' },
  added: { id: 'cycleSettings.added', defaultMessage: '{name} has been added.' },
  editNamed: { id: 'cycleSettings.editNamed', defaultMessage: 'Edit {name}' },
  addStageTitle: { id: 'cycleSettings.addStageTitle', defaultMessage: 'Add a stage' },
  saveStage: { id: 'cycleSettings.saveStage', defaultMessage: 'Save stage' },
  addStage: { id: 'cycleSettings.addStage', defaultMessage: 'Add stage' },
  name: { id: 'cycleSettings.name', defaultMessage: 'Name' },
  description: { id: 'cycleSettings.description', defaultMessage: 'Description' },
  descriptionHint: { id: 'cycleSettings.descriptionHint', defaultMessage: 'What coach and educator do in this stage.' },
  expectedDays: { id: 'cycleSettings.expectedDays', defaultMessage: 'Expected days' },
  expectedHint: { id: 'cycleSettings.expectedHint', defaultMessage: 'A cycle is due soon in the last 3 days and overdue after them.' },
  loadingStages: { id: 'cycleSettings.loadingStages', defaultMessage: 'Loading stages…' },
  stagesFailed: { id: 'cycleSettings.stagesFailed', defaultMessage: 'We could not load the stages' },
  tryAgain: { id: 'cycleSettings.tryAgain', defaultMessage: 'Please try again.' },
  stageMoved: { id: 'cycleSettings.stageMoved', defaultMessage: '{name} moved {direction, select, up {up} other {down}}, now stage {position} of {count}.' },
  stageMoveFailed: { id: 'cycleSettings.stageMoveFailed', defaultMessage: 'We could not move this stage. Please try again.' },
  stageArchived: { id: 'cycleSettings.stageArchived', defaultMessage: '{name} has been archived. Cycles that passed through it keep it in their history.' },
  restored: { id: 'cycleSettings.restored', defaultMessage: '{name} has been restored.' },
  stageChangeFailed: { id: 'cycleSettings.stageChangeFailed', defaultMessage: 'We could not change this stage. Please try again.' },
  stageNumber: { id: 'cycleSettings.stageNumber', defaultMessage: 'Stage {position}: ' },
  archivedBadge: { id: 'cycleSettings.archivedBadge', defaultMessage: 'Archived' },
  daysExpected: { id: 'cycleSettings.daysExpected', defaultMessage: '{count, plural, one {# day} other {# days}} expected' },
  openCycles: { id: 'cycleSettings.openCycles', defaultMessage: '{count, plural, one {# open cycle} other {# open cycles}}' },
  edit: { id: 'cycleSettings.edit', defaultMessage: 'Edit' },
  restore: { id: 'cycleSettings.restore', defaultMessage: 'Restore' },
  archive: { id: 'cycleSettings.archive', defaultMessage: 'Archive' },
  editStage: { id: 'cycleSettings.editStage', defaultMessage: 'Edit stage {name}' },
  restoreStage: { id: 'cycleSettings.restoreStage', defaultMessage: 'Restore stage {name}' },
  archiveStage: { id: 'cycleSettings.archiveStage', defaultMessage: 'Archive stage {name}' },
  stages: { id: 'cycleSettings.stages', defaultMessage: 'Stages' },
  stagesIntro: { id: 'cycleSettings.stagesIntro', defaultMessage: 'Every cycle moves through these stages in order. Expected days set when a stage is due soon (its last 3 days) and overdue.' },
  archivedStages: { id: 'cycleSettings.archivedStages', defaultMessage: 'Archived stages' },
  archiveTitle: { id: 'cycleSettings.archiveTitle', defaultMessage: 'Archive {name}?' },
  archiveTitleStage: { id: 'cycleSettings.archiveTitleStage', defaultMessage: 'Archive stage?' },
  onlyStage: { id: 'cycleSettings.onlyStage', defaultMessage: 'This is the only active stage. Add another stage before archiving it.' },
  archiveMessage: { id: 'cycleSettings.archiveMessage', defaultMessage: 'New cycles will skip this stage. Cycles in it now stay there until moved, and every cycle that passed through it keeps it in its history.' },
  archiveConfirm: { id: 'cycleSettings.archiveConfirm', defaultMessage: 'Archive stage' },
  addTemplateTitle: { id: 'cycleSettings.addTemplateTitle', defaultMessage: 'Add a goal template' },
  saveTemplate: { id: 'cycleSettings.saveTemplate', defaultMessage: 'Save template' },
  addTemplate: { id: 'cycleSettings.addTemplate', defaultMessage: 'Add template' },
  title: { id: 'cycleSettings.title', defaultMessage: 'Title' },
  goal: { id: 'cycleSettings.goal', defaultMessage: 'Goal' },
  goalHint: { id: 'cycleSettings.goalHint', defaultMessage: 'The goal statement a new cycle starts from; the coach can change it.' },
  loadingTemplates: { id: 'cycleSettings.loadingTemplates', defaultMessage: 'Loading goal templates…' },
  templatesFailed: { id: 'cycleSettings.templatesFailed', defaultMessage: 'We could not load the goal templates' },
  templateMoved: { id: 'cycleSettings.templateMoved', defaultMessage: '{name} moved {direction, select, up {up} other {down}}.' },
  templateMoveFailed: { id: 'cycleSettings.templateMoveFailed', defaultMessage: 'We could not move this template. Please try again.' },
  templateArchived: { id: 'cycleSettings.templateArchived', defaultMessage: '{name} has been archived.' },
  templateChangeFailed: { id: 'cycleSettings.templateChangeFailed', defaultMessage: 'We could not change this template. Please try again.' },
  editTemplate: { id: 'cycleSettings.editTemplate', defaultMessage: 'Edit template {name}' },
  restoreTemplate: { id: 'cycleSettings.restoreTemplate', defaultMessage: 'Restore template {name}' },
  archiveTemplate: { id: 'cycleSettings.archiveTemplate', defaultMessage: 'Archive template {name}' },
  templates: { id: 'cycleSettings.templates', defaultMessage: 'Goal templates' },
  templatesIntro: { id: 'cycleSettings.templatesIntro', defaultMessage: "Optional starting points for a new cycle's goal. Coaches pick one and adapt it." },
  noTemplates: { id: 'cycleSettings.noTemplates', defaultMessage: 'No goal templates yet.' },
  noTemplatesAdd: { id: 'cycleSettings.noTemplatesAdd', defaultMessage: 'No goal templates yet. Add one so coaches can start a cycle from it.' },
  archivedTemplates: { id: 'cycleSettings.archivedTemplates', defaultMessage: 'Archived templates' },
  pageIntro: { id: 'cycleSettings.pageIntro', defaultMessage: 'The stages every coaching cycle moves through, how long each should take, and goal templates to start from.' },
  availableOn: { id: 'cycleSettings.availableOn', defaultMessage: 'Available on the {plan} plan' },
  yourPlan: { id: 'cycleSettings.yourPlan', defaultMessage: 'Your district is on the {plan} plan. The stages below are the ones your cycles would use.' },
  onlyManagers: { id: 'cycleSettings.onlyManagers', defaultMessage: 'Only staff who manage settings can change the stages and templates.' },
});

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

// ---- Stages -----------------------------------------------------------------------------------------

/** Add a stage (no `stage`) or edit one; closes itself after a successful save. */
function StageForm({ stage, onClose }: { stage: CycleStage | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ name: stage?.name ?? '', description: stage?.description ?? '', expected_days: String(stage?.expected_days ?? 14) });
  const submit = form.onSubmit(() => form.run(async () => {
    const input = { ...form.values, expected_days: Number(form.values.expected_days) };
    await (stage ? stageApi.update(stage.id, input) : stageApi.create(input));
    toast.success(t(stage ? m.saved : m.added, { name: input.name.trim() }));
    onClose();
  }));
  return (
    <FormModal
      onClose={onClose}
      title={stage ? t(m.editNamed, { name: stage.name }) : t(m.addStageTitle)}
      form={form}
      formId="cys-stage-form"
      formClassName="form stack"
      onSubmit={submit}
      submitLabel={t(stage ? m.saveStage : m.addStage)}
    >
      <TextField label={t(m.name)} required maxLength={80} {...form.field('name')} />
      <TextAreaField label={t(m.description)} rows={3} hint={t(m.descriptionHint)} {...form.field('description')} />
      <TextField
        label={t(m.expectedDays)}
        type="number"
        inputMode="numeric"
        min={1}
        max={STAGE_EXPECTED_DAYS_MAX}
        required
        hint={t(m.expectedHint)}
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
  if (isLoading) return <LoadingBlock label={t(m.loadingStages)} />;
  if (error || !data) return <Alert tone="danger" title={t(m.stagesFailed)}>{error?.message ?? t(m.tryAgain)}</Alert>;
  const active = data.data.filter((s) => !s.archived);
  const archived = data.data.filter((s) => s.archived);

  const move = async (stage: CycleStage, direction: 'up' | 'down') => {
    try {
      await stageApi.order(movedOrder(data.data, stage.id, direction));
      const at = active.findIndex((s) => s.id === stage.id) + (direction === 'up' ? -1 : 1);
      setStatus(t(m.stageMoved, { name: stage.name, direction, position: at + 1, count: active.length }));
      focusAfter(`cys-stage-${direction}-${stage.id}`);
    } catch (err) {
      toast.error(errorText(err, t(m.stageMoveFailed)));
    }
  };
  const setArchived = async (stage: CycleStage, on: boolean) => {
    setBusy(true);
    try {
      await (on ? stageApi.archive(stage.id) : stageApi.restore(stage.id));
      toast.success(t(on ? m.stageArchived : m.restored, { name: stage.name }));
      setArchiving(null);
    } catch (err) {
      toast.error(errorText(err, t(m.stageChangeFailed)));
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
          {!stage.archived && <span className="sr-only">{t(m.stageNumber, { position: index + 1 })}</span>}
          {stage.name}
          {stage.archived && <span className="badge badge--neutral settings-row__badge">{t(m.archivedBadge)}</span>}
        </p>
        <p className="settings-row__meta">
          <span>{t(m.daysExpected, { count: stage.expected_days })}</span>
          <span aria-hidden="true">·</span>
          <span>{t(m.openCycles, { count: stage.open_cycles })}</span>
        </p>
        {stage.description && <p className="settings-row__desc">{stage.description}</p>}
      </div>
      {canManage && (
        <div className="settings-row__actions">
          {!stage.archived && <MoveButtons idOf={(d) => `cys-stage-${d}-${stage.id}`} name={stage.name} index={index} count={count} onMove={(d) => move(stage, d)} />}
          <Button size="sm" variant="ghost" onClick={() => setEditing({ stage })} aria-label={t(m.editStage, { name: stage.name })}>{t(m.edit)}</Button>
          {stage.archived ? (
            <Button size="sm" variant="secondary" onClick={() => setArchived(stage, false)} aria-label={t(m.restoreStage, { name: stage.name })}>{t(m.restore)}</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={() => setArchiving(stage)} aria-label={t(m.archiveStage, { name: stage.name })}>{t(m.archive)}</Button>
          )}
        </div>
      )}
    </li>
  );

  return (
    <Card
      className="stack"
      titleId="cys-stages-title"
      title={t(m.stages)}
      intro={t(m.stagesIntro)}
      action={canManage && <Button onClick={() => setEditing({ stage: null })}>{t(m.addStage)}</Button>}
    >
      <ol className="settings-list">{active.map((s, i) => item(s, i, active.length))}</ol>
      {archived.length > 0 && (
        <>
          <h3 className="settings-list__heading">{t(m.archivedStages)}</h3>
          <ul className="settings-list">{archived.map((s, i) => item(s, i, archived.length))}</ul>
        </>
      )}
      <p className="sr-only" role="status" aria-live="polite">{status}</p>
      {editing && <StageForm stage={editing.stage} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={archiving !== null}
        title={archiving ? t(m.archiveTitle, { name: archiving.name }) : t(m.archiveTitleStage)}
        message={active.length <= 1
          ? t(m.onlyStage)
          : t(m.archiveMessage)}
        confirmLabel={t(m.archiveConfirm)}
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
    toast.success(t(template ? m.saved : m.added, { name: form.values.title.trim() }));
    onClose();
  }));
  return (
    <FormModal
      onClose={onClose}
      title={template ? t(m.editNamed, { name: template.title }) : t(m.addTemplateTitle)}
      form={form}
      formId="cys-template-form"
      formClassName="form stack"
      onSubmit={submit}
      submitLabel={t(template ? m.saveTemplate : m.addTemplate)}
    >
      <TextField label={t(m.title)} required maxLength={120} {...form.field('title')} />
      <TextAreaField label={t(m.goal)} rows={4} required hint={t(m.goalHint)} {...form.field('goal')} />
    </FormModal>
  );
}

function TemplatesSection({ canManage }: { canManage: boolean }) {
  const toast = useToast();
  const { data, error, isLoading } = useGoalTemplates();
  const [editing, setEditing] = useState<{ template: GoalTemplate | null } | null>(null);
  const [status, setStatus] = useState('');
  const focusAfter = useFocusAfterRender();
  if (isLoading) return <LoadingBlock label={t(m.loadingTemplates)} />;
  if (error || !data) return <Alert tone="danger" title={t(m.templatesFailed)}>{error?.message ?? t(m.tryAgain)}</Alert>;
  const rows = data.data;
  const active = rows.filter((x) => !x.archived);
  const archived = rows.filter((x) => x.archived);
  const move = async (tpl: GoalTemplate, direction: 'up' | 'down') => {
    try {
      await goalTemplateApi.order(movedOrder(rows, tpl.id, direction));
      setStatus(t(m.templateMoved, { name: tpl.title, direction }));
      focusAfter(`cys-template-${direction}-${tpl.id}`);
    } catch (err) {
      toast.error(errorText(err, t(m.templateMoveFailed)));
    }
  };
  const setArchived = async (tpl: GoalTemplate, on: boolean) => {
    try {
      await (on ? goalTemplateApi.archive(tpl.id) : goalTemplateApi.restore(tpl.id));
      toast.success(t(on ? m.templateArchived : m.restored, { name: tpl.title }));
    } catch (err) {
      toast.error(errorText(err, t(m.templateChangeFailed)));
    }
  };
  const item = (tpl: GoalTemplate, index: number, count: number) => (
    <li key={tpl.id} className={settingsRowClass(tpl.archived)}>
      <div className="settings-row__main">
        <p className="settings-row__name">
          {tpl.title}
          {tpl.archived && <span className="badge badge--neutral settings-row__badge">{t(m.archivedBadge)}</span>}
        </p>
        <p className="settings-row__desc">{tpl.goal}</p>
      </div>
      {canManage && (
        <div className="settings-row__actions">
          {!tpl.archived && <MoveButtons idOf={(d) => `cys-template-${d}-${tpl.id}`} name={tpl.title} index={index} count={count} onMove={(d) => move(tpl, d)} />}
          <Button size="sm" variant="ghost" onClick={() => setEditing({ template: tpl })} aria-label={t(m.editTemplate, { name: tpl.title })}>{t(m.edit)}</Button>
          {tpl.archived ? (
            <Button size="sm" variant="secondary" onClick={() => setArchived(tpl, false)} aria-label={t(m.restoreTemplate, { name: tpl.title })}>{t(m.restore)}</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" onClick={() => setArchived(tpl, true)} aria-label={t(m.archiveTemplate, { name: tpl.title })}>{t(m.archive)}</Button>
          )}
        </div>
      )}
    </li>
  );
  return (
    <Card
      className="stack"
      titleId="cys-templates-title"
      title={t(m.templates)}
      intro={t(m.templatesIntro)}
      action={canManage && <Button onClick={() => setEditing({ template: null })}>{t(m.addTemplate)}</Button>}
    >
      {active.length === 0 && archived.length === 0 ? (
        <p className="muted">{t(canManage ? m.noTemplatesAdd : m.noTemplates)}</p>
      ) : (
        <ol className="settings-list">{active.map((x, i) => item(x, i, active.length))}</ol>
      )}
      {archived.length > 0 && (
        <>
          <h3 className="settings-list__heading">{t(m.archivedTemplates)}</h3>
          <ul className="settings-list">{archived.map((x, i) => item(x, i, archived.length))}</ul>
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
        description={<p>{t(m.pageIntro)}</p>}
      />
      {!planHasCycles && (
        <Alert tone="info" title={t(m.availableOn, { plan: firstPlanWith('coaching-cycles').name })}>
          <PlanUpgradeNotice feature="coaching-cycles" size="sm">
            {user.district && <p className="muted text-sm">{t(m.yourPlan, { plan: user.district.plan.name })}</p>}
          </PlanUpgradeNotice>
        </Alert>
      )}
      {planHasCycles && !canManage && (
        <p className="muted">{t(m.onlyManagers)}</p>
      )}
      <StagesSection canManage={canManage} />
      <TemplatesSection canManage={canManage} />
    </div>
  );
}
