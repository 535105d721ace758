import { useEffect, useId, useRef, useState } from 'react';
import { GROUP_DESCRIPTION_MAX, groupPayloadSchema, type Group } from '../../../../common/schemas/groups';
import { TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { createGroup, type MemberCandidate, updateGroup } from '../api';
import { type DraftErrors, draftFromGroup, emptyDraft, formLevelErrors, type GroupDraft, issuesToErrors, payloadFromDraft, serverErrors } from '../formModel';
import { useFocusFirstInvalid } from '../../../lib/forms';
import { useInstantFormat, useToday } from '../../../lib/session';
import { MemberPicker } from './MemberPicker';
import { MemberRows } from './MemberRows';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  saved: { id: 'groups.saved', defaultMessage: '“{name}” has been saved.' },
  created: { id: 'groups.created', defaultMessage: '“{name}” has been created.' },
  savedTitle: { id: 'groups.savedTitle', defaultMessage: 'Group saved' },
  createdTitle: { id: 'groups.createdTitle', defaultMessage: 'Group created' },
  editGroup: { id: 'groups.editGroup', defaultMessage: 'Edit group' },
  newGroup: { id: 'groups.newGroup', defaultMessage: 'New group' },
  saveGroup: { id: 'groups.saveGroup', defaultMessage: 'Save group' },
  createGroup: { id: 'groups.createGroup', defaultMessage: 'Create group' },
  name: { id: 'groups.name', defaultMessage: 'Name' },
  description: { id: 'groups.description', defaultMessage: 'Description' },
  descriptionHint: { id: 'groups.descriptionHint', defaultMessage: 'Optional. Up to {max} characters.' },
  membersHeading: { id: 'groups.membersHeading', defaultMessage: 'Members' },
  tzNote: { id: 'groups.tzNote', defaultMessage: 'Dates are in your timezone ({zone}). Leave the end date empty while someone stays in the group.' },
});

/** Create a group (group === null) or edit one: name, description, members and their dates. */
export function GroupFormModal({ open, group, onClose }: { open: boolean; group: Group | null; onClose: () => void }) {
  const toast = useToast();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<GroupDraft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  // Member dates are days on the person's profile clock (else the browser's), like every other date they pick.
  const { timeZone } = useInstantFormat();
  const today = useToday();

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setDraft(group ? draftFromGroup(group, timeZone) : emptyDraft());
    setErrors({});
  }, [open, group, timeZone]);

  // After a failed save, focus the first invalid control.
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const clear = (...keys: string[]) => setErrors((e) => {
    if (!keys.some((k) => k in e)) return e;
    const next = { ...e };
    for (const k of keys) delete next[k];
    return next;
  });

  const addMember = (c: MemberCandidate) => {
    setDraft((d) => (d.members.some((m) => m.item_id === c.id) ? d : {
      ...d,
      members: [...d.members, { item_id: c.id, name: c.name, building: c.building?.name ?? null, start: today, end: '' }],
    }));
    clear('items');
  };

  const removeMember = (index: number) => {
    setDraft((d) => ({ ...d, members: d.members.filter((_, i) => i !== index) }));
    // Row errors are keyed by position: they no longer line up.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('items'))));
    searchRef.current?.focus();
  };

  const changeMember = (index: number, change: Partial<Pick<GroupDraft['members'][number], 'start' | 'end'>>) => {
    setDraft((d) => ({ ...d, members: d.members.map((m, i) => (i === index ? { ...m, ...change } : m)) }));
    clear(...Object.keys(change).map((k) => `items.${index}.${k === 'start' ? 'start_date' : 'end_date'}`));
  };

  const fail = (next: DraftErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const payload = payloadFromDraft(draft, timeZone);
    const check = groupPayloadSchema.safeParse(payload);
    if (!check.success) return fail(issuesToErrors(check.error.issues));
    setBusy(true);
    setErrors({});
    try {
      const saved = group ? await updateGroup(group.id, payload) : await createGroup(payload);
      toast.success(t(group ? m.saved : m.created, { name: saved.name }), t(group ? m.savedTitle : m.createdTitle));
      onClose();
    } catch (err) {
      fail(serverErrors(err));
    } finally {
      setBusy(false);
    }
  };

  const memberIds = new Set(draft.members.map((m) => m.item_id));
  const summary = formLevelErrors(errors);

  return (
    <FormModal
      open={open}
      title={group ? t(m.editGroup) : t(m.newGroup)}
      onClose={onClose}
      size="lg"
      className="groups-form-modal"
      form={{ busy, formRef, formError: summary.length ? summary : null }}
      formId={formId}
      formClassName="form groups-form"
      onSubmit={(e) => void submit(e)}
      submitLabel={group ? t(m.saveGroup) : t(m.createGroup)}
    >
      <TextField
        label={t(m.name)}
        name="name"
        required
        maxLength={120}
        value={draft.name}
        onChange={(name) => {
          setDraft((d) => ({ ...d, name }));
          clear('name');
        }}
        error={errors.name}
      />
      <TextAreaField
        label={t(m.description)}
        name="description"
        rows={3}
        hint={t(m.descriptionHint, { max: GROUP_DESCRIPTION_MAX })}
        value={draft.description}
        onChange={(description) => {
          setDraft((d) => ({ ...d, description }));
          clear('description');
        }}
        error={errors.description}
      />
      <fieldset className="groups-form__members">
        <legend className="groups-form__legend">
          {t(m.membersHeading)} <span className="badge badge--neutral">{draft.members.length}</span>
        </legend>
        <p className="text-sm muted groups-form__tz">
          {t(m.tzNote, { zone: timeZone.replace(/_/g, ' ') })}
        </p>
        <MemberPicker memberIds={memberIds} onAdd={addMember} inputRef={searchRef} />
        <MemberRows members={draft.members} errors={errors} onChange={changeMember} onRemove={removeMember} />
      </fieldset>
    </FormModal>
  );
}
