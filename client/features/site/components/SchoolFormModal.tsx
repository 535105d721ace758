import type { Building } from '../../../../common/schemas/site';
import { buildingSchema } from '../../../../common/schemas/site';
import { SelectField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t } from '../../../lib/i18n';
import { createSchool, updateSchool } from '../api';
import { gradeBandOptions } from './options';

const m = defineMessages({
  saved: { id: 'site.schoolForm.saved', defaultMessage: '{name} has been saved.' },
  added: { id: 'site.schoolForm.added', defaultMessage: '{name} has been added.' },
  editTitle: { id: 'site.schoolForm.editTitle', defaultMessage: 'Edit {name}' },
  addTitle: { id: 'site.schoolForm.addTitle', defaultMessage: 'Add a school' },
  save: { id: 'site.schoolForm.save', defaultMessage: 'Save school' },
  add: { id: 'site.schoolForm.add', defaultMessage: 'Add school' },
  name: { id: 'site.schoolForm.name', defaultMessage: 'School name' },
  code: { id: 'site.schoolForm.code', defaultMessage: 'Code' },
  codeHint: { id: 'site.schoolForm.codeHint', defaultMessage: 'Optional: a short code from your student information system.' },
  gradeBand: { id: 'site.schoolForm.gradeBand', defaultMessage: 'Grade band' },
  notSet: { id: 'site.schoolForm.notSet', defaultMessage: 'Not set' },
});

/** Add a school (no `school`) or edit one; closes itself after a successful save. */
export function SchoolFormModal({ school, onClose }: { school: Building | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ name: school?.name ?? '', code: school?.code ?? '', grade_band: school?.grade_band ?? '' });
  const formId = school ? `school-form-${school.id}` : 'school-form-new';

  const submit = form.onSubmit(async () => {
    const data = form.check(buildingSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const saved = school ? await updateSchool(school.id, data) : await createSchool(data);
      toast.success(t(school ? m.saved : m.added, { name: saved.name }));
      onClose();
    });
  });

  return (
    <FormModal
      title={school ? t(m.editTitle, { name: school.name }) : t(m.addTitle)}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={school ? t(m.save) : t(m.add)}
    >
      <TextField label={t(m.name)} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <div className="grid-2">
        <TextField label={t(m.code)} hint={t(m.codeHint)} maxLength={20} autoComplete="off" {...form.field('code')} />
        <SelectField label={t(m.gradeBand)} options={gradeBandOptions()} placeholder={t(m.notSet)} {...form.field('grade_band')} />
      </div>
    </FormModal>
  );
}
