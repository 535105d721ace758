// "Paste from spreadsheet": a dialog with a text box for rows copied from a spreadsheet and a live
// preview of what will be read, before the rows go into the form.
import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { type PasteContext, type PasteResult, parseSpreadsheet } from '../paste';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  firstName: { id: 'staff.firstName', defaultMessage: 'First name' },
  lastName: { id: 'staff.lastName', defaultMessage: 'Last name' },
  email: { id: 'staff.email', defaultMessage: 'Email' },
  employeeId: { id: 'staff.employeeId', defaultMessage: 'Employee ID' },
  colPosition: { id: 'staff.colPosition', defaultMessage: 'Position' },
  colGrades: { id: 'staff.colGrades', defaultMessage: 'Grades' },
  colSubjects: { id: 'staff.colSubjects', defaultMessage: 'Subjects' },
  colSchool: { id: 'staff.colSchool', defaultMessage: 'School' },
  startDate: { id: 'staff.startDate', defaultMessage: 'Start date' },
  previewEmpty: { id: 'staff.previewEmpty', defaultMessage: 'Paste rows to see how many educators we found.' },
  previewFound: { id: 'staff.previewFound', defaultMessage: 'We found {count, plural, one {# educator} other {# educators}}.' },
  previewFoundHeader: { id: 'staff.previewFoundHeader', defaultMessage: 'We found {count, plural, one {# educator} other {# educators}} and used your header row to match the columns.' },
  previewSkip: { id: 'staff.previewSkip', defaultMessage: 'We will skip the {count, plural, one {column} other {columns}} {names}.' },
  previewProblems: { id: 'staff.previewProblems', defaultMessage: '{count, plural, one {# row has} other {# rows have}} cells we could not read; they will be marked for you to fix.' },
  paste: { id: 'staff.paste', defaultMessage: 'Paste from spreadsheet' },
  cancel: { id: 'staff.cancel', defaultMessage: 'Cancel' },
  addRows: { id: 'staff.addRows', defaultMessage: 'Add rows' },
  addNRows: { id: 'staff.addNRows', defaultMessage: 'Add {count, plural, one {# row} other {# rows}}' },
  pasteIntro: { id: 'staff.pasteIntro', defaultMessage: 'Select the rows in Excel, Google Sheets or Numbers, copy them, and paste them below. Include the header row, or put the columns in this order:' },
  pasteField: { id: 'staff.pasteField', defaultMessage: 'Spreadsheet rows' },
  pasteHint: { id: 'staff.pasteHint', defaultMessage: 'Grades like “K, 1-3” and school names are matched for you. A blank start date means today.' },
});

const COLUMN_NAMES = [m.firstName, m.lastName, m.email, m.employeeId, m.colPosition, m.colGrades, m.colSubjects, m.colSchool, m.startDate];

type Props = {
  open: boolean;
  context: PasteContext;
  onClose: () => void;
  onPaste: (result: PasteResult) => void;
};

function previewText(result: PasteResult): string {
  const n = result.rows.length;
  if (n === 0) return t(m.previewEmpty);
  const found = t(result.hasHeader ? m.previewFoundHeader : m.previewFound, { count: n });
  const skipped = result.skippedColumns.length
    ? t(m.previewSkip, { count: result.skippedColumns.length, names: result.skippedColumns.map((c) => `“${c}”`).join(', ') })
    : '';
  const problems = result.rows.filter((r) => Object.keys(r.problems).length > 0).length;
  const check = problems ? t(m.previewProblems, { count: problems }) : '';
  return [found, skipped, check].filter(Boolean).join(' ');
}

export function PasteDialog({ open, context, onClose, onPaste }: Props) {
  const [text, setText] = useState('');
  const result = useMemo(() => parseSpreadsheet(text, context), [text, context]);
  const close = () => {
    setText('');
    onClose();
  };
  const n = result.rows.length;

  return (
    <Modal
      open={open}
      onClose={close}
      title={t(m.paste)}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t(m.cancel)}
          </Button>
          <Button
            disabled={n === 0}
            onClick={() => {
              onPaste(result);
              setText('');
            }}
          >
            {n === 0 ? t(m.addRows) : t(m.addNRows, { count: n })}
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>{t(m.pasteIntro)}</p>
        <ol className="staff-paste__columns">
          {COLUMN_NAMES.map((c) => (
            <li key={c.id}>{t(c)}</li>
          ))}
        </ol>
        <TextAreaField
          label={t(m.pasteField)}
          name="paste"
          rows={8}
          value={text}
          onChange={setText}
          className="staff-paste__field"
          hint={t(m.pasteHint)}
          spellCheck={false}
          autoComplete="off"
        />
        <p className="staff-paste__preview muted" aria-live="polite">
          {previewText(result)}
        </p>
      </div>
    </Modal>
  );
}
