// /app/staff/create — Add Educators: several rows at once (add, remove, paste from a spreadsheet),
// each row checked on its own; nothing is saved unless every row is valid.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { useAuthUser, useToday } from '../../lib/session';
import { staffAccess, useSchoolOptions } from './access';
import { createStaff } from './api';
import { PasteDialog } from './components/PasteDialog';
import { rowFieldId, StaffRowFields } from './components/StaffRowFields';
import { type PasteContext, type PasteResult, parseSpreadsheet } from './paste';
import {
  attentionText, checkRows, countRowsWithErrors, type DraftRow, type DraftValues, emptyRow, fillRows, ROW_FIELDS,
  type RowErrorMap, rowErrorsFromServer,
} from './rows';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  rowError: { id: 'staff.rowError', defaultMessage: 'Row {row}: {message}' },
  addTitle: { id: 'staff.addTitle', defaultMessage: 'Add Educators' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  add: { id: 'staff.add', defaultMessage: 'Add educators' },
  cantAdd: { id: 'staff.cantAdd', defaultMessage: 'You can’t add educators' },
  backToList: { id: 'staff.backToList', defaultMessage: 'Back to Educators' },
  cantAddBody: { id: 'staff.cantAddBody', defaultMessage: 'Adding educators is for district administrators and principals. Ask one of them to add the people you need.' },
  pastedRows: { id: 'staff.pastedRows', defaultMessage: 'Added {count, plural, one {# row} other {# rows}} from your spreadsheet.' },
  pastedProblems: { id: 'staff.pastedProblems', defaultMessage: '{count, plural, one {# row has} other {# rows have}} cells to check, marked below.' },
  pastedCheck: { id: 'staff.pastedCheck', defaultMessage: 'Check them, then save.' },
  added: { id: 'staff.added', defaultMessage: 'Added {count, plural, one {# educator} other {# educators}}' },
  genericError: { id: 'staff.genericError', defaultMessage: 'Something went wrong. Please try again.' },
  createIntro: { id: 'staff.createIntro', defaultMessage: 'Add one educator or a whole roster. The start date is their first day at the school; the hire date, their first day in the district. Empty rows are skipped, and nothing is saved until every row is ready.' },
  createIntroBuilding: { id: 'staff.createIntroBuilding', defaultMessage: 'You can add educators to your own schools.' },
  paste: { id: 'staff.paste', defaultMessage: 'Paste from spreadsheet' },
  schoolsFailed: { id: 'staff.schoolsFailed', defaultMessage: 'We couldn’t load your schools' },
  schoolsFailedBody: { id: 'staff.schoolsFailedBody', defaultMessage: 'Reload the page to try again. Each educator needs a school.' },
  errorPrefix: { id: 'staff.errorPrefix', defaultMessage: 'Error: ' },
  firstProblem: { id: 'staff.firstProblem', defaultMessage: 'Go to the first problem — {label}' },
  loadingSchools: { id: 'staff.loadingSchools', defaultMessage: 'Loading schools…' },
  addRow: { id: 'staff.addRow', defaultMessage: 'Add row' },
  tip: { id: 'staff.tip', defaultMessage: 'Tip: paste cells copied from a spreadsheet straight into a name field to fill several rows.' },
  cancel: { id: 'staff.cancel', defaultMessage: 'Cancel' },
  addN: { id: 'staff.addN', defaultMessage: 'Add {count, plural, one {# educator} other {# educators}}' },
  addOneEducator: { id: 'staff.addOneEducator', defaultMessage: 'Add educator' },
});

const START_ROWS = 3;

/** The first field with an error, in row order then field order. */
function firstError(rows: DraftRow[], errors: RowErrorMap): { id: string; label: string } | null {
  for (const [i, row] of rows.entries()) {
    const e = errors[row.key];
    if (!e) continue;
    const field = ROW_FIELDS.find((f) => e[f]);
    if (field) return { id: rowFieldId(row.key, field), label: t(m.rowError, { row: i + 1, message: e[field] }) };
  }
  return null;
}

export default function StaffCreateScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const access = staffAccess(user);
  // The start date's default: today on the person's profile clock, as on every other form.
  const today = useToday();
  const { schools, isLoading: schoolsLoading, error: schoolsError } = useSchoolOptions(access.addScope);
  const toast = useToast();
  const navigate = useNavigate();

  const defaultSchool = schools.length === 1 ? String(schools[0]!.id) : '';
  const defaults = () => ({ building_id: defaultSchool, start_date: today });
  const [rows, setRows] = useState<DraftRow[]>(() => Array.from({ length: START_ROWS }, () => emptyRow(defaults())));
  const [errors, setErrors] = useState<RowErrorMap>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [failures, setFailures] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);

  // A single school (a principal's) is chosen for every row that has none yet once it is known.
  useEffect(() => {
    if (!defaultSchool) return;
    setRows((list) => (list.some((r) => !r.building_id) ? list.map((r) => (r.building_id ? r : { ...r, building_id: defaultSchool })) : list));
  }, [defaultSchool]);

  // After a failed save, focus the summary so its count is read out and the link is one Tab away.
  useEffect(() => {
    if (failures > 0) summaryRef.current?.focus();
  }, [failures]);

  // Move focus after adding or removing rows.
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const pasteContext: PasteContext = useMemo(() => ({ schools, today, defaultSchoolId: defaultSchool }), [schools, today, defaultSchool]);

  if (!user) return <LoadingBlock />;
  if (!access.canAdd) {
    return (
      <div className="stack staff-page">
        <PageHeader title={t(m.addTitle)} breadcrumbs={[{ label: t(m.title), to: '/app/staff' }, { label: t(m.add) }]} />
        <EmptyState title={t(m.cantAdd)} action={<ButtonLink to="/app/staff" variant="secondary">{t(m.backToList)}</ButtonLink>}>
          <p>{t(m.cantAddBody)}</p>
        </EmptyState>
      </div>
    );
  }

  const update = (key: string, patch: Partial<DraftValues>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors((all) => {
      const rowErrors = all[key];
      if (!rowErrors) return all;
      const next = { ...rowErrors };
      for (const field of Object.keys(patch)) delete next[field as keyof typeof next];
      return { ...all, [key]: next };
    });
  };

  const addRow = () => {
    const last = rows.at(-1);
    const row = emptyRow({ building_id: last?.building_id || defaultSchool, start_date: last?.start_date || today });
    setRows((list) => [...list, row]);
    focusNext.current = rowFieldId(row.key, 'first_name');
  };

  const removeRow = (key: string) => {
    const index = rows.findIndex((r) => r.key === key);
    setErrors(({ [key]: _gone, ...rest }) => rest);
    if (rows.length === 1) {
      const row = emptyRow(defaults());
      setRows([row]);
      focusNext.current = rowFieldId(row.key, 'first_name');
      return;
    }
    const next = rows.filter((r) => r.key !== key);
    setRows(next);
    const neighbour = next[Math.min(index, next.length - 1)]!;
    focusNext.current = `remove-${neighbour.key}`;
  };

  const applyPaste = (result: PasteResult, startKey?: string) => {
    const { rows: next, filledKeys } = fillRows(rows, result.rows.map((r) => r.values), startKey);
    setRows(next);
    setErrors((all) => {
      const updated = { ...all };
      filledKeys.forEach((key, i) => {
        const problems = result.rows[i]?.problems ?? {};
        if (Object.keys(problems).length) updated[key] = problems;
        else delete updated[key];
      });
      return updated;
    });
    const n = result.rows.length;
    const problems = result.rows.filter((r) => Object.keys(r.problems).length).length;
    setNotice(
      `${t(m.pastedRows, { count: n })} ${problems ? t(m.pastedProblems, { count: problems }) : t(m.pastedCheck)}`,
    );
    setPasteOpen(false);
    if (filledKeys[0]) focusNext.current = rowFieldId(filledKeys[0], 'first_name');
  };

  const submit = async () => {
    if (busy) return;
    setNotice(null);
    const check = checkRows(rows);
    if (check.formError || Object.keys(check.errors).length) {
      setErrors(check.errors);
      setFormError(check.formError);
      setFailures((n) => n + 1);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const created = await createStaff(check.payload);
      const n = created.length || check.payload.length;
      toast.success(t(m.added, { count: n }));
      navigate('/app/staff?sort=-created_at');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const mapped = rowErrorsFromServer(err.errors, check.sentKeys);
        setErrors(mapped.rows);
        setFormError(mapped.other.length ? mapped.other.join(' ') : Object.keys(mapped.rows).length ? null : err.message);
      } else {
        setFormError(err instanceof Error ? err.message : t(m.genericError));
      }
      setFailures((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const attention = countRowsWithErrors(errors);
  const first = firstError(rows, errors);
  const filledCount = rows.filter((r) => r.first_name.trim() || r.last_name.trim()).length;

  return (
    <div className="stack staff-page staff-create">
      <PageHeader
        title={t(m.addTitle)}
        breadcrumbs={[{ label: t(m.title), to: '/app/staff' }, { label: t(m.add) }]}
        description={
          <p>
            {t(m.createIntro)}
            {access.addScope === 'building' && ` ${t(m.createIntroBuilding)}`}
          </p>
        }
        actions={
          <Button variant="secondary" onClick={() => setPasteOpen(true)}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <rect x="4" y="4" width="12" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M7.5 4V2.8h5V4M7 9h6M7 12.5h4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            {t(m.paste)}
          </Button>
        }
      />

      {schoolsError ? (
        <Alert tone="danger" title={t(m.schoolsFailed)}>
          <p>{t(m.schoolsFailedBody)}</p>
        </Alert>
      ) : null}

      {(attention > 0 || formError) && (
        <div className="form-error staff-create__summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <span className="form-error__icon" aria-hidden="true">!</span>
          <div className="form-error__content">
            <p className="form-error__title">
              <span className="sr-only">{t(m.errorPrefix)}</span>
              {attention > 0 ? attentionText(attention) : formError}
            </p>
            {attention > 0 && formError && <p>{formError}</p>}
            {first && (
              <p>
                <a
                  href={`#${first.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    const el = document.getElementById(first.id);
                    el?.scrollIntoView({ block: 'center' });
                    el?.focus();
                  }}
                >
                  {t(m.firstProblem, { label: first.label })}
                </a>
              </p>
            )}
          </div>
        </div>
      )}

      <div aria-live="polite" className="staff-create__live">
        {notice && (
          <Alert tone="info" className="staff-create__notice">
            <p>{notice}</p>
          </Alert>
        )}
      </div>

      <form
        className="stack staff-create__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {schoolsLoading && schools.length === 0 ? (
          <LoadingBlock label={t(m.loadingSchools)} />
        ) : (
          <div className="staff-rows">
            {rows.map((row, i) => (
              <StaffRowFields
                key={row.key}
                row={row}
                index={i}
                errors={errors[row.key]}
                schools={schools}
                onChange={update}
                onRemove={removeRow}
                onPasteBlock={(key, text) => applyPaste(parseSpreadsheet(text, pasteContext), key)}
              />
            ))}
          </div>
        )}
        <div className="staff-create__add">
          <Button variant="secondary" onClick={addRow}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            {t(m.addRow)}
          </Button>
          <p className="muted text-sm">{t(m.tip)}</p>
        </div>
        <div className="form-actions staff-create__actions">
          <Link to="/app/staff" className="btn btn--ghost btn--md">
            <span className="btn__label">{t(m.cancel)}</span>
          </Link>
          <Button type="submit" busy={busy}>
            {filledCount > 1 ? t(m.addN, { count: filledCount }) : t(m.addOneEducator)}
          </Button>
        </div>
      </form>

      <PasteDialog open={pasteOpen} context={pasteContext} onClose={() => setPasteOpen(false)} onPaste={(r) => applyPaste(r)} />
    </div>
  );
}
