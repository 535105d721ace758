// The staff import, step by step: upload (or paste) → mapping (a select per column) → preview (counts
// and each row's errors) → run (confirmed; full sync confirms the number of deactivations).
import { type ReactNode, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  fieldsOfKind, IMPORT_MAX_ROWS, type ImportPreview, type ImportSummary,
} from '../../../../common/schemas/imports';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { CheckboxField, FormError, SelectField, TextAreaField } from '../../../components/Field';
import { ConfirmDialog } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { formatInteger } from '../../../lib/format';
import { defineMessages, type MessageDescriptor, t, tRich } from '../../../lib/i18n';
import { type ImportApi, previewImport, runImport, saveImportMapping, uploadImport, useImportRows } from '../api';
import { notStaffLeftOut, rowCount, runSummary } from '../importWords';
import { FORMAT_LABELS } from './ImportStatus';
import { RowsTable } from './RowsTable';

type Step = 'upload' | 'mapping' | 'preview';
const m = defineMessages({
  doNotImport: { id: 'exportImport.flow.doNotImport', defaultMessage: 'Do not import' },
  fieldSourceId: { id: 'exportImport.field.source_id', defaultMessage: 'Source ID (OneRoster sourcedId)' },
  fieldFirstName: { id: 'exportImport.field.first_name', defaultMessage: 'First name' },
  fieldLastName: { id: 'exportImport.field.last_name', defaultMessage: 'Last name' },
  fieldEmail: { id: 'exportImport.field.email', defaultMessage: 'Email' },
  fieldEmployeeId: { id: 'exportImport.field.employee_id', defaultMessage: 'Employee ID' },
  fieldPosition: { id: 'exportImport.field.position', defaultMessage: 'Position' },
  fieldGradeLevels: { id: 'exportImport.field.grade_levels', defaultMessage: 'Grade levels' },
  fieldSubjects: { id: 'exportImport.field.subjects', defaultMessage: 'Subjects' },
  fieldHireDate: { id: 'exportImport.field.hire_date', defaultMessage: 'Hire date' },
  fieldSchool: { id: 'exportImport.field.school', defaultMessage: 'School name' },
  fieldSchoolCode: { id: 'exportImport.field.school_code', defaultMessage: 'School code' },
  fieldStartDate: { id: 'exportImport.field.start_date', defaultMessage: 'Start date at the school' },
  fieldName: { id: 'exportImport.field.name', defaultMessage: 'Name' },
  fieldRole: { id: 'exportImport.field.role', defaultMessage: 'Role' },
  fieldSchools: { id: 'exportImport.field.schools', defaultMessage: 'Schools' },
  stepUpload: { id: 'exportImport.flow.stepUpload', defaultMessage: 'Upload' },
  stepMapping: { id: 'exportImport.flow.stepMapping', defaultMessage: 'Match columns' },
  stepPreview: { id: 'exportImport.flow.stepPreview', defaultMessage: 'Preview and run' },
  steps: { id: 'exportImport.flow.steps', defaultMessage: 'Import steps' },
  done: { id: 'exportImport.flow.done', defaultMessage: '(done)' },
  uploadFailed: { id: 'exportImport.flow.uploadFailed', defaultMessage: 'The file could not be uploaded' },
  fileLabel: { id: 'exportImport.flow.fileLabel', defaultMessage: 'CSV file or OneRoster files' },
  fileHint: { id: 'exportImport.flow.fileHint', defaultMessage: 'A CSV saved from Excel or Google Sheets (comma, semicolon or tab), a OneRoster zip, or OneRoster users.csv with orgs.csv (and roles.csv). Up to 10 MB and {max, number} rows.' },
  paste: { id: 'exportImport.flow.paste', defaultMessage: 'Or paste the rows' },
  pasteHint: { id: 'exportImport.flow.pasteHint', defaultMessage: 'Copy the cells from your spreadsheet, header row included.' },
  upload: { id: 'exportImport.flow.upload', defaultMessage: 'Upload' },
  clearFile: { id: 'exportImport.flow.clearFile', defaultMessage: 'Clear the file' },
  uploaded: { id: 'exportImport.flow.uploaded', defaultMessage: '<b>{file}</b> ({format}): {rows}{notStaff}. Check what each column holds; we matched the ones we recognised.' },
  checkColumns: { id: 'exportImport.flow.checkColumns', defaultMessage: 'Check the columns' },
  columns: { id: 'exportImport.flow.columns', defaultMessage: 'Columns of the file' },
  columnsCaption: { id: 'exportImport.flow.columnsCaption', defaultMessage: 'Columns of the file and what each holds' },
  columnInFile: { id: 'exportImport.flow.columnInFile', defaultMessage: 'Column in the file' },
  firstValues: { id: 'exportImport.flow.firstValues', defaultMessage: 'First values' },
  holds: { id: 'exportImport.flow.holds', defaultMessage: 'Holds' },
  empty: { id: 'exportImport.flow.empty', defaultMessage: 'empty' },
  whatHolds: { id: 'exportImport.flow.whatHolds', defaultMessage: 'What “{header}” holds' },
  options: { id: 'exportImport.flow.options', defaultMessage: 'Options' },
  skipInvalid: { id: 'exportImport.flow.skipInvalid', defaultMessage: 'Skip invalid rows' },
  skipInvalidHint: { id: 'exportImport.flow.skipInvalidHint', defaultMessage: 'Import the rows without errors and leave the others out. Otherwise one error stops the whole import and nothing is saved.' },
  createSchools: { id: 'exportImport.flow.createSchools', defaultMessage: 'Create missing schools' },
  createSchoolsHint: { id: 'exportImport.flow.createSchoolsHint', defaultMessage: 'A school name we do not know becomes a new school. Otherwise its rows are errors.' },
  fullSync: { id: 'exportImport.flow.fullSync', defaultMessage: 'Full sync: deactivate educators missing from the file' },
  fullSyncHint: { id: 'exportImport.flow.fullSyncHint', defaultMessage: 'Use it when the file is your whole roster. The preview shows how many would be deactivated, and you confirm that number.' },
  sendInvites: { id: 'exportImport.flow.sendInvites', defaultMessage: 'Send invitations' },
  sendInvitesHint: { id: 'exportImport.flow.sendInvitesHint', defaultMessage: 'Email each new person a link to set their password (7 days, within the invitation limits). Otherwise they are added without an email, and the district can invite them from User settings.' },
  preview: { id: 'exportImport.flow.preview', defaultMessage: 'Preview' },
  uploadAnother: { id: 'exportImport.flow.uploadAnother', defaultMessage: 'Upload another file' },
  imported: { id: 'exportImport.flow.imported', defaultMessage: 'Imported: {created, number} new, {updated, number} updated.' },
  wouldDo: { id: 'exportImport.flow.wouldDo', defaultMessage: 'What the import would do' },
  newEducators: { id: 'exportImport.flow.newEducators', defaultMessage: 'New educators' },
  newLogins: { id: 'exportImport.flow.newLogins', defaultMessage: 'New logins' },
  updated: { id: 'exportImport.flow.updated', defaultMessage: 'Updated' },
  unchanged: { id: 'exportImport.flow.unchanged', defaultMessage: 'Unchanged' },
  rowsWithErrors: { id: 'exportImport.flow.rowsWithErrors', defaultMessage: 'Rows with errors' },
  toDeactivate: { id: 'exportImport.flow.toDeactivate', defaultMessage: 'To deactivate' },
  newSchools: { id: 'exportImport.flow.newSchools', defaultMessage: 'New schools' },
  newSchoolsBody: { id: 'exportImport.flow.newSchoolsBody', defaultMessage: 'These schools will be created: {schools}.' },
  fixFirst: { id: 'exportImport.flow.fixFirst', defaultMessage: 'Fix these rows first' },
  fixFirstBody: { id: 'exportImport.flow.fixFirstBody', defaultMessage: '{count, plural, one {# row has} other {# rows have}} errors, so nothing can be imported yet. Fix the file and upload it again, or go back and choose “Skip invalid rows”.' },
  firstErrorRows: { id: 'exportImport.flow.firstErrorRows', defaultMessage: 'The first 20 of {count, plural, one {# row} other {# rows}} with errors' },
  loadingErrorRows: { id: 'exportImport.flow.loadingErrorRows', defaultMessage: 'Loading the rows with errors…' },
  didNotRun: { id: 'exportImport.flow.didNotRun', defaultMessage: 'The import did not run' },
  run: { id: 'exportImport.flow.run', defaultMessage: 'Run import' },
  changeColumns: { id: 'exportImport.flow.changeColumns', defaultMessage: 'Change the columns' },
  nothing: { id: 'exportImport.flow.nothing', defaultMessage: 'Nothing to change: every row matches the roster already.' },
  runTitle: { id: 'exportImport.flow.runTitle', defaultMessage: 'Run this import?' },
  importAndDeactivate: { id: 'exportImport.flow.importAndDeactivate', defaultMessage: 'Import and deactivate {count, number}' },
  invitesEmailed: { id: 'exportImport.flow.invitesEmailed', defaultMessage: 'Invitations are emailed to the {count, plural, one {# new person} other {# new people}}.' },
  noInvites: { id: 'exportImport.flow.noInvites', defaultMessage: 'No invitation is emailed.' },
  willDeactivate: { id: 'exportImport.flow.willDeactivate', defaultMessage: '<b>{count, plural, one {# educator} other {# educators}} missing from the file will be deactivated.</b> Their history stays; you can reactivate them.' },
});

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  source_id: m.fieldSourceId, first_name: m.fieldFirstName, last_name: m.fieldLastName, email: m.fieldEmail, employee_id: m.fieldEmployeeId,
  position: m.fieldPosition, grade_levels: m.fieldGradeLevels, subjects: m.fieldSubjects, hire_date: m.fieldHireDate, school: m.fieldSchool,
  school_code: m.fieldSchoolCode, start_date: m.fieldStartDate, name: m.fieldName, role: m.fieldRole, schools: m.fieldSchools,
};
const fieldLabel = (f: { key: string; label: string }) => (FIELD_LABELS[f.key] ? t(FIELD_LABELS[f.key]!) : f.label);
const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const fieldOptions = (a: ImportApi) => [{ value: '', label: t(m.doNotImport) }, ...fieldsOfKind(a.kind).map((f) => ({ value: f.key, label: fieldLabel(f) }))];

const fieldErrors = (err: unknown): string[] => (err instanceof ApiError ? Object.values(err.errors).flat() : []);

function StepList({ step }: { step: Step }) {
  const steps: [Step, string][] = [['upload', t(m.stepUpload)], ['mapping', t(m.stepMapping)], ['preview', t(m.stepPreview)]];
  const at = steps.findIndex(([s]) => s === step);
  return (
    <ol className="ei-steps" aria-label={t(m.steps)}>
      {steps.map(([key, label], i) => (
        <li key={key} className={i === at ? 'ei-steps__item ei-steps__item--current' : i < at ? 'ei-steps__item ei-steps__item--done' : 'ei-steps__item'} aria-current={i === at ? 'step' : undefined}>
          <span className="ei-steps__n" aria-hidden="true">{i + 1}</span> {label}
          {i < at && <span className="sr-only"> {t(m.done)}</span>}
        </li>
      ))}
    </ol>
  );
}

function UploadStep({ api, onUploaded }: { api: ImportApi; onUploaded: (s: ImportSummary) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadImport(api, files.length ? { files } : { text }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <FormError error={error ? fieldErrors(error).length ? fieldErrors(error) : messageOf(error) : null} title={t(m.uploadFailed)} />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>{t(m.fileLabel)}</label>
        <p className="field__hint" id={`${inputId}-hint`}>
          {t(m.fileHint, { max: IMPORT_MAX_ROWS })}
        </p>
        <input
          ref={fileInput}
          id={inputId}
          className="ei-file-input"
          type="file"
          multiple
          accept=".csv,.txt,.zip,text/csv,application/zip"
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </div>
      <TextAreaField
        name="paste"
        label={t(m.paste)}
        hint={t(m.pasteHint)}
        value={text}
        onChange={setText}
        rows={5}
        disabled={files.length > 0}
        className="ei-paste"
      />
      <div className="cluster">
        <Button type="submit" busy={busy} disabled={!files.length && !text.trim()}>{t(m.upload)}</Button>
        {files.length > 0 && (
          <Button variant="ghost" onClick={() => { setFiles([]); if (fileInput.current) fileInput.current.value = ''; }}>
            {t(m.clearFile)}
          </Button>
        )}
      </div>
    </form>
  );
}

function MappingStep({ api, summary, onPreviewed, onBack }: { api: ImportApi; summary: ImportSummary; onPreviewed: (s: ImportSummary, p: ImportPreview) => void; onBack: () => void }) {
  const [mapping, setMapping] = useState<Record<string, string>>(() => Object.fromEntries(summary.headers.map((h) => [h, summary.mapping[h] ?? ''])));
  const [options, setOptions] = useState({ skip_invalid: summary.options.skip_invalid, create_missing_schools: summary.options.create_missing_schools, full_sync: summary.mode === 'full-sync', send_invites: summary.options.send_invites });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const samples = useImportRows(api, summary.id, 'all', 1, 3);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await saveImportMapping(api, summary.id, { mapping, ...options });
      onPreviewed(saved, await previewImport(api, summary.id));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  const errorFor = (header: string) => (error instanceof ApiError ? error.errors[`mapping.${header}`] : undefined);
  const general = error instanceof ApiError ? [...(error.errors.mapping ?? []), ...(Object.keys(error.errors).length ? [] : [error.message])] : error ? [messageOf(error)] : [];

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>
        {tRich(m.uploaded, {
          b: bold, file: summary.file_name, format: FORMAT_LABELS[summary.format], rows: rowCount(summary.counts.total),
          notStaff: notStaffLeftOut(summary.counts.skipped),
        })}
      </p>
      <FormError error={general.length ? general : null} title={t(m.checkColumns)} />
      <div className="table-wrap" role="region" aria-label={t(m.columns)} tabIndex={0}>
        <table className="table ei-mapping">
          <caption className="sr-only">{t(m.columnsCaption)}</caption>
          <thead>
            <tr><th scope="col">{t(m.columnInFile)}</th><th scope="col">{t(m.firstValues)}</th><th scope="col">{t(m.holds)}</th></tr>
          </thead>
          <tbody>
            {summary.headers.map((h) => (
              <tr key={h}>
                <th scope="row" className="ei-mapping__header">{h}</th>
                <td className="ei-mapping__samples">
                  {samples.data ? samples.data.data.map((r) => r.values[h]).filter(Boolean).slice(0, 3).join(', ') || <span className="muted">{t(m.empty)}</span> : '…'}
                </td>
                <td>
                  <SelectField
                    name={`mapping-${h}`}
                    label={t(m.whatHolds, { header: h })}
                    className="ei-mapping__select"
                    value={mapping[h] ?? ''}
                    onChange={(v) => setMapping((cur) => ({ ...cur, [h]: v }))}
                    options={fieldOptions(api)}
                    error={errorFor(h)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="ei-options">
        <legend>{t(m.options)}</legend>
        <CheckboxField
          name="skip_invalid"
          label={t(m.skipInvalid)}
          hint={t(m.skipInvalidHint)}
          checked={options.skip_invalid}
          onChange={(v) => setOptions((o) => ({ ...o, skip_invalid: v }))}
        />
        {api.kind === 'staff' ? (
          <>
        <CheckboxField
          name="create_missing_schools"
          label={t(m.createSchools)}
          hint={t(m.createSchoolsHint)}
          checked={options.create_missing_schools}
          onChange={(v) => setOptions((o) => ({ ...o, create_missing_schools: v }))}
        />
        <CheckboxField
          name="full_sync"
          label={t(m.fullSync)}
          hint={t(m.fullSyncHint)}
          checked={options.full_sync}
          onChange={(v) => setOptions((o) => ({ ...o, full_sync: v }))}
        />
          </>
        ) : (
          <CheckboxField
            name="send_invites"
            label={t(m.sendInvites)}
            hint={t(m.sendInvitesHint)}
            checked={options.send_invites}
            onChange={(v) => setOptions((o) => ({ ...o, send_invites: v }))}
          />
        )}
      </fieldset>
      <div className="cluster">
        <Button type="submit" busy={busy}>{t(m.preview)}</Button>
        <Button variant="secondary" onClick={onBack} disabled={busy}>{t(m.uploadAnother)}</Button>
      </div>
    </form>
  );
}

function PreviewStep({ api, summary, preview, onBack }: { api: ImportApi; summary: ImportSummary; preview: ImportPreview; onBack: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errorRows = useImportRows(api, preview.counts.errors ? summary.id : null, 'error', 1, 20);
  const c = preview.counts;
  const blocked = c.errors > 0 && !summary.options.skip_invalid;
  const fullSync = summary.mode === 'full-sync';
  const nothing = c.new + c.updated + c.to_deactivate === 0;

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const done = await runImport(api, summary.id, fullSync ? c.to_deactivate : undefined);
      toast.success(t(m.imported, { created: done.counts.created, updated: done.counts.updated }));
      navigate(api.screen(summary.id));
    } catch (err) {
      setError(err);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <dl className="ei-counts" aria-label={t(m.wouldDo)}>
        <div><dt>{api.kind === 'staff' ? t(m.newEducators) : t(m.newLogins)}</dt><dd>{formatInteger(c.new)}</dd></div>
        <div><dt>{t(m.updated)}</dt><dd>{formatInteger(c.updated)}</dd></div>
        <div><dt>{t(m.unchanged)}</dt><dd>{formatInteger(c.unchanged)}</dd></div>
        <div className={c.errors ? 'ei-counts--bad' : undefined}><dt>{t(m.rowsWithErrors)}</dt><dd>{formatInteger(c.errors)}</dd></div>
        {fullSync && <div className={c.to_deactivate ? 'ei-counts--warn' : undefined}><dt>{t(m.toDeactivate)}</dt><dd>{formatInteger(c.to_deactivate)}</dd></div>}
      </dl>
      {preview.schools_to_create.length > 0 && (
        <Alert tone="info" title={t(m.newSchools)}>
          <p>{t(m.newSchoolsBody, { schools: preview.schools_to_create.join(', ') })}</p>
        </Alert>
      )}
      {blocked && (
        <Alert tone="warning" title={t(m.fixFirst)}>
          <p>{t(m.fixFirstBody, { count: c.errors })}</p>
        </Alert>
      )}
      {c.errors > 0 && (errorRows.data
        ? <RowsTable rows={errorRows.data.data} mapping={summary.mapping} caption={c.errors > 20 ? t(m.firstErrorRows, { count: c.errors }) : t(m.rowsWithErrors)} />
        : <LoadingBlock label={t(m.loadingErrorRows)} />)}
      <FormError error={error ? messageOf(error) : null} title={t(m.didNotRun)} />
      <div className="cluster">
        <Button onClick={() => setConfirming(true)} disabled={blocked || nothing}>{t(m.run)}</Button>
        <Button variant="secondary" onClick={onBack}>{t(m.changeColumns)}</Button>
      </div>
      {nothing && !blocked && <p className="muted text-sm">{t(m.nothing)}</p>}
      <ConfirmDialog
        open={confirming}
        title={t(m.runTitle)}
        danger={fullSync && c.to_deactivate > 0}
        busy={busy}
        confirmLabel={fullSync && c.to_deactivate > 0 ? t(m.importAndDeactivate, { count: c.to_deactivate }) : t(m.run)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
        message={
          <div className="stack stack--sm">
            <p>{runSummary(c, api.kind)}</p>
            {api.kind === 'users' && <p>{summary.options.send_invites ? t(m.invitesEmailed, { count: c.new }) : t(m.noInvites)}</p>}
            {fullSync && c.to_deactivate > 0 && (
              <p>{tRich(m.willDeactivate, { b: bold, count: c.to_deactivate })}</p>
            )}
          </div>
        }
      />
    </div>
  );
}

export function ImportFlow({ api, title }: { api: ImportApi; title: string }) {
  const [step, setStep] = useState<Step>('upload');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const headingId = useId();
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">{title}</h2>
      <StepList step={step} />
      {step === 'upload' && <UploadStep api={api} onUploaded={(s) => { setSummary(s); setStep('mapping'); }} />}
      {step === 'mapping' && summary && (
        <MappingStep api={api} summary={summary} onBack={() => setStep('upload')} onPreviewed={(s, p) => { setSummary(s); setPreview(p); setStep('preview'); }} />
      )}
      {step === 'preview' && summary && preview && <PreviewStep api={api} summary={summary} preview={preview} onBack={() => setStep('mapping')} />}
    </section>
  );
}
