// "Paste from spreadsheet": a dialog with a text box for rows copied from a spreadsheet and a live
// preview of what will be read, before the rows go into the form.
import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { type PasteContext, type PasteResult, parseSpreadsheet } from '../paste';
import { plural, pluralWord } from '../../../../common/plural';

const COLUMN_NAMES = ['First name', 'Last name', 'Email', 'Employee ID', 'Position', 'Grades', 'Subjects', 'School', 'Start date'];

type Props = {
  open: boolean;
  context: PasteContext;
  onClose: () => void;
  onPaste: (result: PasteResult) => void;
};

function previewText(result: PasteResult): string {
  const n = result.rows.length;
  if (n === 0) return 'Paste rows to see how many educators we found.';
  const found = `We found ${plural(n, 'educator', 'educators')}`;
  const header = result.hasHeader ? ' and used your header row to match the columns' : '';
  const skipped = result.skippedColumns.length ? ` We will skip the ${pluralWord(result.skippedColumns.length, 'column', 'columns')} ${result.skippedColumns.map((c) => `“${c}”`).join(', ')}.` : '';
  const problems = result.rows.filter((r) => Object.keys(r.problems).length > 0).length;
  const check = problems ? ` ${plural(problems, 'row has', 'rows have')} cells we could not read; they will be marked for you to fix.` : '';
  return `${found}${header}.${skipped}${check}`;
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
      title="Paste from spreadsheet"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={n === 0}
            onClick={() => {
              onPaste(result);
              setText('');
            }}
          >
            {n === 0 ? 'Add rows' : `Add ${plural(n, 'row', 'rows')}`}
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>
          Select the rows in Excel, Google Sheets or Numbers, copy them, and paste them below. Include the header row, or
          put the columns in this order:
        </p>
        <ol className="staff-paste__columns">
          {COLUMN_NAMES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <TextAreaField
          label="Spreadsheet rows"
          name="paste"
          rows={8}
          value={text}
          onChange={setText}
          className="staff-paste__field"
          hint="Grades like “K, 1-3” and school names are matched for you. A blank start date means today."
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
