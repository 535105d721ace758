import type { Building } from '../../../../common/schemas/site';
import { buildingSchema } from '../../../../common/schemas/site';
import { SelectField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { createSchool, updateSchool } from '../api';
import { gradeBandOptions } from './options';

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
      toast.success(school ? `${saved.name} has been saved.` : `${saved.name} has been added.`);
      onClose();
    });
  });

  return (
    <FormModal
      title={school ? `Edit ${school.name}` : 'Add a school'}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={school ? 'Save school' : 'Add school'}
    >
      <TextField label="School name" required maxLength={120} autoComplete="off" {...form.field('name')} />
      <div className="grid-2">
        <TextField label="Code" hint="Optional: a short code from your student information system." maxLength={20} autoComplete="off" {...form.field('code')} />
        <SelectField label="Grade band" options={gradeBandOptions()} placeholder="Not set" {...form.field('grade_band')} />
      </div>
    </FormModal>
  );
}
