// The staff import, step by step: upload (or paste) → mapping (a select per column) → preview (counts
// and each row's errors) → run (confirmed; full sync confirms the number of deactivations).
import { useId, useRef, useState } from 'react';
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
import { plural } from '../../../../common/plural';
import { formatInteger } from '../../../lib/format';
import { type ImportApi, previewImport, runImport, saveImportMapping, uploadImport, useImportRows } from '../api';
import { notStaffLeftOut, rowCount, runSummary } from '../importWords';
import { FORMAT_LABELS } from './ImportStatus';
import { RowsTable } from './RowsTable';

type Step = 'upload' | 'mapping' | 'preview';
const fieldOptions = (a: ImportApi) => [{ value: '', label: 'Do not import' }, ...fieldsOfKind(a.kind).map((f) => ({ value: f.key, label: f.label }))];

const fieldErrors = (err: unknown): string[] => (err instanceof ApiError ? Object.values(err.errors).flat() : []);

function StepList({ step }: { step: Step }) {
  const steps: [Step, string][] = [['upload', 'Upload'], ['mapping', 'Match columns'], ['preview', 'Preview and run']];
  const at = steps.findIndex(([s]) => s === step);
  return (
    <ol className="ei-steps" aria-label="Import steps">
      {steps.map(([key, label], i) => (
        <li key={key} className={i === at ? 'ei-steps__item ei-steps__item--current' : i < at ? 'ei-steps__item ei-steps__item--done' : 'ei-steps__item'} aria-current={i === at ? 'step' : undefined}>
          <span className="ei-steps__n" aria-hidden="true">{i + 1}</span> {label}
          {i < at && <span className="sr-only"> (done)</span>}
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
      <FormError error={error ? fieldErrors(error).length ? fieldErrors(error) : messageOf(error) : null} title="The file could not be uploaded" />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>CSV file or OneRoster files</label>
        <p className="field__hint" id={`${inputId}-hint`}>
          A CSV saved from Excel or Google Sheets (comma, semicolon or tab), a OneRoster zip, or OneRoster users.csv with orgs.csv
          (and roles.csv). Up to 10 MB and {formatInteger(IMPORT_MAX_ROWS)} rows.
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
        label="Or paste the rows"
        hint="Copy the cells from your spreadsheet, header row included."
        value={text}
        onChange={setText}
        rows={5}
        disabled={files.length > 0}
        className="ei-paste"
      />
      <div className="cluster">
        <Button type="submit" busy={busy} disabled={!files.length && !text.trim()}>Upload</Button>
        {files.length > 0 && (
          <Button variant="ghost" onClick={() => { setFiles([]); if (fileInput.current) fileInput.current.value = ''; }}>
            Clear the file
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
        <strong>{summary.file_name}</strong> ({FORMAT_LABELS[summary.format]}): {rowCount(summary.counts.total)}
        {notStaffLeftOut(summary.counts.skipped)}.
        {' '}Check what each column holds; we matched the ones we recognised.
      </p>
      <FormError error={general.length ? general : null} title="Check the columns" />
      <div className="table-wrap" role="region" aria-label="Columns of the file" tabIndex={0}>
        <table className="table ei-mapping">
          <caption className="sr-only">Columns of the file and what each holds</caption>
          <thead>
            <tr><th scope="col">Column in the file</th><th scope="col">First values</th><th scope="col">Holds</th></tr>
          </thead>
          <tbody>
            {summary.headers.map((h) => (
              <tr key={h}>
                <th scope="row" className="ei-mapping__header">{h}</th>
                <td className="ei-mapping__samples">
                  {samples.data ? samples.data.data.map((r) => r.values[h]).filter(Boolean).slice(0, 3).join(', ') || <span className="muted">empty</span> : '…'}
                </td>
                <td>
                  <SelectField
                    name={`mapping-${h}`}
                    label={`What “${h}” holds`}
                    className="ei-mapping__select"
                    value={mapping[h] ?? ''}
                    onChange={(v) => setMapping((m) => ({ ...m, [h]: v }))}
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
        <legend>Options</legend>
        <CheckboxField
          name="skip_invalid"
          label="Skip invalid rows"
          hint="Import the rows without errors and leave the others out. Otherwise one error stops the whole import and nothing is saved."
          checked={options.skip_invalid}
          onChange={(v) => setOptions((o) => ({ ...o, skip_invalid: v }))}
        />
        {api.kind === 'staff' ? (
          <>
        <CheckboxField
          name="create_missing_schools"
          label="Create missing schools"
          hint="A school name we do not know becomes a new school. Otherwise its rows are errors."
          checked={options.create_missing_schools}
          onChange={(v) => setOptions((o) => ({ ...o, create_missing_schools: v }))}
        />
        <CheckboxField
          name="full_sync"
          label="Full sync: deactivate educators missing from the file"
          hint="Use it when the file is your whole roster. The preview shows how many would be deactivated, and you confirm that number."
          checked={options.full_sync}
          onChange={(v) => setOptions((o) => ({ ...o, full_sync: v }))}
        />
          </>
        ) : (
          <CheckboxField
            name="send_invites"
            label="Send invitations"
            hint="Email each new person a link to set their password (7 days, within the invitation limits). Otherwise they are added without an email, and the district can invite them from User settings."
            checked={options.send_invites}
            onChange={(v) => setOptions((o) => ({ ...o, send_invites: v }))}
          />
        )}
      </fieldset>
      <div className="cluster">
        <Button type="submit" busy={busy}>Preview</Button>
        <Button variant="secondary" onClick={onBack} disabled={busy}>Upload another file</Button>
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
      toast.success(`Imported: ${formatInteger(done.counts.created)} new, ${formatInteger(done.counts.updated)} updated.`);
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
      <dl className="ei-counts" aria-label="What the import would do">
        <div><dt>{api.kind === 'staff' ? 'New educators' : 'New logins'}</dt><dd>{formatInteger(c.new)}</dd></div>
        <div><dt>Updated</dt><dd>{formatInteger(c.updated)}</dd></div>
        <div><dt>Unchanged</dt><dd>{formatInteger(c.unchanged)}</dd></div>
        <div className={c.errors ? 'ei-counts--bad' : undefined}><dt>Rows with errors</dt><dd>{formatInteger(c.errors)}</dd></div>
        {fullSync && <div className={c.to_deactivate ? 'ei-counts--warn' : undefined}><dt>To deactivate</dt><dd>{formatInteger(c.to_deactivate)}</dd></div>}
      </dl>
      {preview.schools_to_create.length > 0 && (
        <Alert tone="info" title="New schools">
          <p>These schools will be created: {preview.schools_to_create.join(', ')}.</p>
        </Alert>
      )}
      {blocked && (
        <Alert tone="warning" title="Fix these rows first">
          <p>
            {plural(c.errors, 'row has', 'rows have')} errors, so nothing can be imported yet. Fix the file and upload it again,
            or go back and choose “Skip invalid rows”.
          </p>
        </Alert>
      )}
      {c.errors > 0 && (errorRows.data
        ? <RowsTable rows={errorRows.data.data} mapping={summary.mapping} caption={c.errors > 20 ? `The first 20 of ${plural(c.errors, 'row', 'rows')} with errors` : 'Rows with errors'} />
        : <LoadingBlock label="Loading the rows with errors…" />)}
      <FormError error={error ? messageOf(error) : null} title="The import did not run" />
      <div className="cluster">
        <Button onClick={() => setConfirming(true)} disabled={blocked || nothing}>Run import</Button>
        <Button variant="secondary" onClick={onBack}>Change the columns</Button>
      </div>
      {nothing && !blocked && <p className="muted text-sm">Nothing to change: every row matches the roster already.</p>}
      <ConfirmDialog
        open={confirming}
        title="Run this import?"
        danger={fullSync && c.to_deactivate > 0}
        busy={busy}
        confirmLabel={fullSync && c.to_deactivate > 0 ? `Import and deactivate ${formatInteger(c.to_deactivate)}` : 'Run import'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
        message={
          <div className="stack stack--sm">
            <p>{runSummary(c, api.kind)}</p>
            {api.kind === 'users' && <p>{summary.options.send_invites ? `Invitations are emailed to the ${plural(c.new, 'new person', 'new people')}.` : 'No invitation is emailed.'}</p>}
            {fullSync && c.to_deactivate > 0 && (
              <p><strong>{plural(c.to_deactivate, 'educator', 'educators')} missing from the file will be deactivated.</strong> Their history stays; you can reactivate them.</p>
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
