// The Interaction settings component set, shared by the district screen (/app/settings/interaction) and
// the provider's defaults (/admin/settings/interaction): only the API and the wording around them differ.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { InteractionField, InteractionType } from '../../../../common/schemas/interactionTypes';
import { LoadError } from '../../../components/LoadError';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/Modal';
import { MoveButtons, settingsRowClass } from '../../../components/SettingsList';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { defineMessages, t } from '../../../lib/i18n';
import type { Direction, TypesApi } from '../api';
import { colourHex, colourLabel, fieldDetails, kindLabel, minutesText, splitArchived } from './describe';
import { FieldFormModal } from './FieldFormModal';
import { TypeFormModal } from './TypeFormModal';

const m = defineMessages({
  required: { id: 'interactionSettings.list.required', defaultMessage: 'Required' },
  archived: { id: 'interactionSettings.list.archived', defaultMessage: 'Archived' },
  editField: { id: 'interactionSettings.list.editField', defaultMessage: 'Edit field {name}' },
  edit: { id: 'interactionSettings.list.edit', defaultMessage: 'Edit' },
  restoreField: { id: 'interactionSettings.list.restoreField', defaultMessage: 'Restore field {name}' },
  restore: { id: 'interactionSettings.list.restore', defaultMessage: 'Restore' },
  archiveField: { id: 'interactionSettings.list.archiveField', defaultMessage: 'Archive field {name}' },
  archive: { id: 'interactionSettings.list.archive', defaultMessage: 'Archive' },
  fieldsSummary: { id: 'interactionSettings.list.fieldsSummary', defaultMessage: '({count, plural, =0 {no custom fields} one {# custom field} other {# custom fields}})' },
  fieldsSummaryArchived: { id: 'interactionSettings.list.fieldsSummaryArchived', defaultMessage: '({count, plural, =0 {no custom fields} one {# custom field} other {# custom fields}}, {archived, number} archived)' },
  fieldArchived: { id: 'interactionSettings.list.fieldArchived', defaultMessage: '{name} has been archived. Interactions that have a value for it still show it.' },
  restored: { id: 'interactionSettings.list.restored', defaultMessage: '{name} has been restored.' },
  fieldChangeFailed: { id: 'interactionSettings.list.fieldChangeFailed', defaultMessage: 'We could not change this field. Please try again.' },
  fieldMoveFailed: { id: 'interactionSettings.list.fieldMoveFailed', defaultMessage: 'We could not move this field. Please try again.' },
  customFields: { id: 'interactionSettings.list.customFields', defaultMessage: 'Custom fields' },
  noFieldsManage: { id: 'interactionSettings.list.noFieldsManage', defaultMessage: 'No custom fields yet. Add one to record more on every interaction of this type.' },
  noFields: { id: 'interactionSettings.list.noFields', defaultMessage: 'No custom fields.' },
  addFieldTo: { id: 'interactionSettings.list.addFieldTo', defaultMessage: 'Add field to {name}' },
  addField: { id: 'interactionSettings.list.addField', defaultMessage: 'Add field' },
  archivedFields: { id: 'interactionSettings.list.archivedFields', defaultMessage: 'Archived fields' },
  archivedFieldsNote: { id: 'interactionSettings.list.archivedFieldsNote', defaultMessage: '(values already recorded are kept)' },
  typeMoveFailed: { id: 'interactionSettings.list.typeMoveFailed', defaultMessage: 'We could not move this type. Please try again.' },
  byDefault: { id: 'interactionSettings.list.byDefault', defaultMessage: '{duration} by default' },
  coachingTime: { id: 'interactionSettings.list.coachingTime', defaultMessage: 'Coaching time' },
  otherTime: { id: 'interactionSettings.list.otherTime', defaultMessage: 'Other time' },
  editType: { id: 'interactionSettings.list.editType', defaultMessage: 'Edit {name}' },
  restoreType: { id: 'interactionSettings.list.restoreType', defaultMessage: 'Restore {name}' },
  archiveType: { id: 'interactionSettings.list.archiveType', defaultMessage: 'Archive {name}' },
  typeArchived: { id: 'interactionSettings.list.typeArchived', defaultMessage: '{name} has been archived. You can restore it from the archived types.' },
  typeArchiveFailed: { id: 'interactionSettings.list.typeArchiveFailed', defaultMessage: 'We could not archive this type. Please try again.' },
  archiveTitle: { id: 'interactionSettings.list.archiveTitle', defaultMessage: 'Archive {name}?' },
  archiveBodyDistrict: { id: 'interactionSettings.list.archiveBodyDistrict', defaultMessage: 'It disappears from the log form. Interactions already logged keep it, with their custom field values, and you can restore it at any time.' },
  archiveBodyDefaults: { id: 'interactionSettings.list.archiveBodyDefaults', defaultMessage: 'New districts will not get it. Districts that already have a copy keep theirs. You can restore it at any time.' },
  archiveConfirm: { id: 'interactionSettings.list.archiveConfirm', defaultMessage: 'Archive type' },
  movedUp: { id: 'interactionSettings.list.movedUp', defaultMessage: '{name} moved up: now {position, number} of {count, number}.' },
  movedDown: { id: 'interactionSettings.list.movedDown', defaultMessage: '{name} moved down: now {position, number} of {count, number}.' },
  typeRestoreFailed: { id: 'interactionSettings.list.typeRestoreFailed', defaultMessage: 'We could not restore this type. Please try again.' },
  title: { id: 'interactionSettings.list.title', defaultMessage: 'Interaction types' },
  introDistrict: { id: 'interactionSettings.list.introDistrict', defaultMessage: 'What coaches choose when they log an interaction, in the order they see them.' },
  introDefaults: { id: 'interactionSettings.list.introDefaults', defaultMessage: 'The types every new district starts with, in this order.' },
  readOnlyDistrict: { id: 'interactionSettings.list.readOnlyDistrict', defaultMessage: 'Only district administrators can change them.' },
  readOnlyDefaults: { id: 'interactionSettings.list.readOnlyDefaults', defaultMessage: 'Only staff who manage articles can change them.' },
  addType: { id: 'interactionSettings.list.addType', defaultMessage: 'Add type' },
  typesLoadError: { id: 'interactionSettings.list.typesLoadError', defaultMessage: 'An error occurred while fetching the interaction types. Please try again later.' },
  loading: { id: 'interactionSettings.list.loading', defaultMessage: 'Loading interaction types…' },
  noActiveManage: { id: 'interactionSettings.list.noActiveManage', defaultMessage: 'No active interaction types. Add one so coaches can log interactions.' },
  noActive: { id: 'interactionSettings.list.noActive', defaultMessage: 'No active interaction types.' },
  activeTypes: { id: 'interactionSettings.list.activeTypes', defaultMessage: 'Active interaction types' },
  archivedTypes: { id: 'interactionSettings.list.archivedTypes', defaultMessage: 'Archived types' },
  noArchivedDistrict: { id: 'interactionSettings.list.noArchivedDistrict', defaultMessage: 'No archived types. An archived type disappears from the log form; interactions already logged keep it.' },
  noArchivedDefaults: { id: 'interactionSettings.list.noArchivedDefaults', defaultMessage: 'No archived defaults. An archived default is not copied into new districts.' },
  archivedNoteDistrict: { id: 'interactionSettings.list.archivedNoteDistrict', defaultMessage: 'Not offered when logging; interactions already logged keep them.' },
  archivedNoteDefaults: { id: 'interactionSettings.list.archivedNoteDefaults', defaultMessage: 'Not copied into new districts; districts that already have a copy keep it.' },
  archivedTypesList: { id: 'interactionSettings.list.archivedTypesList', defaultMessage: 'Archived interaction types' },
});

type Dialog =
  | { kind: 'type'; type: InteractionType | null }
  | { kind: 'field'; type: InteractionType; field: InteractionField | null }
  | { kind: 'archive-type'; type: InteractionType }
  | null;

/** Where focus goes and what is announced once a move has landed in the list. */
type PendingMove = { what: 'type' | 'field'; id: number; direction: Direction; buttonId: string };

interface Props {
  api: TypesApi;
  /** Shows the add, edit, move and archive controls. */
  canManage: boolean;
  /** Custom fields are available (the plan has them, or these are the provider's defaults). */
  fieldsAvailable: boolean;
  /** Shown instead of the custom fields sections when they are not available. */
  planNote?: ReactNode;
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function Swatch({ colour }: { colour: string }) {
  return <span className="its-swatch" style={{ background: colourHex(colour) }} aria-hidden="true" />;
}

function FieldItem({ field, index, count, canManage, onEdit, onMove, onArchive, busy }: {
  field: InteractionField; index: number; count: number; canManage: boolean; busy: boolean;
  onEdit: () => void; onMove: (d: Direction) => void; onArchive: (archive: boolean) => void;
}) {
  const details = fieldDetails(field);
  return (
    <li className={settingsRowClass(!!field.archived_at, 'its-field')}>
      <div className="settings-row__main">
        <p className="settings-row__name">
          {field.label}
          {field.required && <span className="badge badge--info its-badge">{t(m.required)}</span>}
          {field.archived_at && <span className="badge badge--neutral its-badge">{t(m.archived)}</span>}
        </p>
        <p className="settings-row__meta">
          {kindLabel(field.kind)}
          {details && <> · {details}</>}
        </p>
        {field.help_text && <p className="settings-row__desc">{field.help_text}</p>}
      </div>
      {canManage && (
        <div className="settings-row__actions">
          {!field.archived_at && (
            <>
              <MoveButtons idOf={(d) => `its-field-${d}-${field.id}`} name={field.label} index={index} count={count} onMove={onMove} />
            </>
          )}
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t(m.editField, { name: field.label })}>{t(m.edit)}</Button>
          {field.archived_at ? (
            <Button size="sm" variant="secondary" busy={busy} onClick={() => onArchive(false)} aria-label={t(m.restoreField, { name: field.label })}>{t(m.restore)}</Button>
          ) : (
            <Button size="sm" variant="ghost" className="settings-row__danger" busy={busy} onClick={() => onArchive(true)} aria-label={t(m.archiveField, { name: field.label })}>{t(m.archive)}</Button>
          )}
        </div>
      )}
    </li>
  );
}

function FieldsSection({ type, api, canManage, onDialog, onMoved }: {
  type: InteractionType; api: TypesApi; canManage: boolean; onDialog: (d: Dialog) => void; onMoved: (m: PendingMove) => void;
}) {
  const toast = useToast();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const { active, archived } = splitArchived(type.fields);
  const summary = archived.length ? t(m.fieldsSummaryArchived, { count: active.length, archived: archived.length }) : t(m.fieldsSummary, { count: active.length });
  // Readers have nothing to open on a type without fields.
  if (!canManage && type.fields.length === 0) return null;

  const archive = async (field: InteractionField, on: boolean) => {
    setBusy(field.id);
    try {
      await (on ? api.archiveField(field.id) : api.restoreField(field.id));
      toast.success(on ? t(m.fieldArchived, { name: field.label }) : t(m.restored, { name: field.label }));
    } catch (err) {
      toast.error(errorText(err, t(m.fieldChangeFailed)));
    } finally {
      setBusy(null);
    }
  };
  const move = async (field: InteractionField, direction: Direction) => {
    try {
      await api.moveField(field.id, direction);
      onMoved({ what: 'field', id: field.id, direction, buttonId: `its-field-${direction}-${field.id}` });
    } catch (err) {
      toast.error(errorText(err, t(m.fieldMoveFailed)));
    }
  };

  const list = (fields: InteractionField[]) => (
    <ol className="its-fields">
      {fields.map((field, i) => (
        <FieldItem
          key={field.id}
          field={field}
          index={i}
          count={fields.length}
          canManage={canManage}
          busy={busy === field.id}
          onEdit={() => onDialog({ kind: 'field', type, field })}
          onMove={(d) => void move(field, d)}
          onArchive={(on) => void archive(field, on)}
        />
      ))}
    </ol>
  );

  return (
    <div className="its-type__fields">
      <button type="button" className="its-disclosure" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="its-disclosure__icon" aria-hidden="true">{open ? '▾' : '▸'}</span>
        {t(m.customFields)} <span className="muted">{summary}</span>
      </button>
      <div id={panelId} hidden={!open} className="its-fields__panel">
        {active.length === 0 ? (
          <p className="muted text-sm">
            {canManage ? t(m.noFieldsManage) : t(m.noFields)}
          </p>
        ) : (
          list(active)
        )}
        {canManage && (
          <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'field', type, field: null })} aria-label={t(m.addFieldTo, { name: type.name })}>
            {t(m.addField)}
          </Button>
        )}
        {archived.length > 0 && (
          <>
            <p className="its-fields__archived-title">{t(m.archivedFields)} <span className="muted">{t(m.archivedFieldsNote)}</span></p>
            {list(archived)}
          </>
        )}
      </div>
    </div>
  );
}

function TypeItem({ type, index, count, api, canManage, fieldsAvailable, onDialog, onMoved, onRestore, restoring }: {
  type: InteractionType; index: number; count: number; api: TypesApi; canManage: boolean; fieldsAvailable: boolean;
  onDialog: (d: Dialog) => void; onMoved: (m: PendingMove) => void; onRestore: () => void; restoring: boolean;
}) {
  const toast = useToast();
  const move = async (direction: Direction) => {
    try {
      await api.moveType(type.id, direction);
      onMoved({ what: 'type', id: type.id, direction, buttonId: `its-type-${direction}-${type.id}` });
    } catch (err) {
      toast.error(errorText(err, t(m.typeMoveFailed)));
    }
  };
  return (
    <li className={['settings-list__item its-type', type.archived_at && 'settings-row--archived'].filter(Boolean).join(' ')}>
      <div className="settings-row">
        <Swatch colour={type.colour} />
        <div className="settings-row__main">
          <h3 className="settings-row__name">{type.name}</h3>
          <p className="settings-row__meta">
            <span>{colourLabel(type.colour)}</span>
            <span aria-hidden="true"> · </span>
            <span>{t(m.byDefault, { duration: minutesText(type.default_minutes) })}</span>
            <span aria-hidden="true"> · </span>
            <span className={type.counts_as_coaching ? 'badge badge--success its-badge' : 'badge badge--neutral its-badge'}>
              {type.counts_as_coaching ? t(m.coachingTime) : t(m.otherTime)}
            </span>
            {type.archived_at && <span className="badge badge--warning its-badge">{t(m.archived)}</span>}
          </p>
        </div>
        {canManage && (
          <div className="settings-row__actions">
            {!type.archived_at && (
              <>
                <MoveButtons idOf={(d) => `its-type-${d}-${type.id}`} name={type.name} index={index} count={count} onMove={(d) => void move(d)} />
              </>
            )}
            <Button size="sm" variant="ghost" onClick={() => onDialog({ kind: 'type', type })} aria-label={t(m.editType, { name: type.name })}>{t(m.edit)}</Button>
            {type.archived_at ? (
              <Button size="sm" variant="secondary" busy={restoring} onClick={onRestore} aria-label={t(m.restoreType, { name: type.name })}>{t(m.restore)}</Button>
            ) : (
              <Button size="sm" variant="ghost" className="settings-row__danger" onClick={() => onDialog({ kind: 'archive-type', type })} aria-label={t(m.archiveType, { name: type.name })}>
                {t(m.archive)}
              </Button>
            )}
          </div>
        )}
      </div>
      {fieldsAvailable && <FieldsSection type={type} api={api} canManage={canManage} onDialog={onDialog} onMoved={onMoved} />}
    </li>
  );
}

function ArchiveTypeDialog({ api, type, onClose }: { api: TypesApi; type: InteractionType; onClose: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api.archiveType(type.id);
      toast.success(t(m.typeArchived, { name: type.name }));
      onClose();
    } catch (err) {
      toast.error(errorText(err, t(m.typeArchiveFailed)));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t(m.archiveTitle, { name: type.name })}
      message={
        api.owner === 'district'
          ? <p>{t(m.archiveBodyDistrict)}</p>
          : <p>{t(m.archiveBodyDefaults)}</p>
      }
      confirmLabel={t(m.archiveConfirm)}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/** The types card: active types in order (move, edit, archive), then the archived ones (restore). */
export function InteractionSettings({ api, canManage, fieldsAvailable, planNote }: Props) {
  const toast = useToast();
  const { data, error, isLoading, mutate } = api.useTypes();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState('');
  const [restoring, setRestoring] = useState<number | null>(null);
  const pending = useRef<PendingMove | null>(null);
  const [moves, setMoves] = useState(0);
  const types = data?.data ?? [];
  const { active, archived } = splitArchived(types);

  // Once a move has landed in the list: focus stays on the button pressed, and the new place is announced.
  useEffect(() => {
    const move = pending.current;
    if (!move || !data) return;
    pending.current = null;
    const { active: now } = splitArchived(data.data);
    let name = '';
    let position = 0;
    let count = 0;
    if (move.what === 'type') {
      position = now.findIndex((type) => type.id === move.id) + 1;
      count = now.length;
      name = now[position - 1]?.name ?? '';
    } else {
      for (const type of data.data) {
        const fields = splitArchived(type.fields).active;
        const at = fields.findIndex((f) => f.id === move.id);
        if (at >= 0) {
          position = at + 1;
          count = fields.length;
          name = fields[at]!.label;
        }
      }
    }
    if (position > 0) setAnnouncement(t(move.direction === 'up' ? m.movedUp : m.movedDown, { name, position, count }));
    document.getElementById(move.buttonId)?.focus();
  }, [data, moves]);

  // The list was revalidated before the move call resolved: the next render has the new order.
  const onMoved = (move: PendingMove) => {
    pending.current = move;
    setMoves((n) => n + 1);
  };

  const restore = async (type: InteractionType) => {
    setRestoring(type.id);
    try {
      await api.restoreType(type.id);
      toast.success(t(m.restored, { name: type.name }));
    } catch (err) {
      toast.error(errorText(err, t(m.typeRestoreFailed)));
    } finally {
      setRestoring(null);
    }
  };

  const item = (type: InteractionType, i: number, list: InteractionType[]) => (
    <TypeItem
      key={type.id}
      type={type}
      index={i}
      count={list.length}
      api={api}
      canManage={canManage}
      fieldsAvailable={fieldsAvailable}
      onDialog={setDialog}
      onMoved={onMoved}
      onRestore={() => void restore(type)}
      restoring={restoring === type.id}
    />
  );

  return (
    <>
      <Card
        className="its-card"
        titleId="its-types-title"
        title={t(m.title)}
        intro={<>
          {api.owner === 'district' ? t(m.introDistrict) : t(m.introDefaults)}
          {!canManage && ` ${api.owner === 'district' ? t(m.readOnlyDistrict) : t(m.readOnlyDefaults)}`}
        </>}
        action={canManage && <Button onClick={() => setDialog({ kind: 'type', type: null })}>{t(m.addType)}</Button>}
      >
        <p className="sr-only" aria-live="polite" aria-atomic="true">{announcement}</p>

        {error && !data ? (
          <LoadError message={t(m.typesLoadError)} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <LoadingBlock label={t(m.loading)} />
        ) : (
          <>
            {active.length === 0 ? (
              <p className="its-empty">{canManage ? t(m.noActiveManage) : t(m.noActive)}</p>
            ) : (
              <ol className="settings-list" aria-label={t(m.activeTypes)}>
                {active.map((type, i, list) => item(type, i, list))}
              </ol>
            )}
            <section className="its-archived" aria-labelledby="its-archived-title">
              <h2 id="its-archived-title" className="its-archived__title">
                {t(m.archivedTypes)} <span className="muted">({archived.length})</span>
              </h2>
              {archived.length === 0 ? (
                <p className="muted text-sm">
                  {api.owner === 'district' ? t(m.noArchivedDistrict) : t(m.noArchivedDefaults)}
                </p>
              ) : (
                <>
                  <p className="muted text-sm">
                    {api.owner === 'district' ? t(m.archivedNoteDistrict) : t(m.archivedNoteDefaults)}
                  </p>
                  <ul className="settings-list its-types--archived" aria-label={t(m.archivedTypesList)}>
                    {archived.map((type, i, list) => item(type, i, list))}
                  </ul>
                </>
              )}
            </section>
          </>
        )}
      </Card>

      {!fieldsAvailable && planNote}

      {dialog?.kind === 'type' && <TypeFormModal api={api} type={dialog.type} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'field' && <FieldFormModal api={api} type={dialog.type} field={dialog.field} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'archive-type' && <ArchiveTypeDialog api={api} type={dialog.type} onClose={() => setDialog(null)} />}
    </>
  );
}
