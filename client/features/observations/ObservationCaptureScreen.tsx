// /app/observations/new (?staff_id=&form_id= preselect) and /app/observations/:id/edit — the capture
// (issue 28): the educator, the form, when (now on the profile clock) and how long, then the form's items in
// one column by section, notes, next steps and private notes. A draft saves itself: the first change once an
// educator and a form are chosen POSTs it, later ones PUT it, about 3 s after typing pauses, and leaving the
// page saves what is pending. "Complete" PUTs it completed; a 422 shows each message at its item and focuses
// the first. A completed observation is edited here too ("Save changes", no autosave).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EducatorCombobox } from '../../components/EducatorCombobox';
import { RecentPeople } from '../../components/RecentPeople';
import { useRecentParticipants, useRecentParticipantsAnswered } from '../../lib/interactions';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/Field';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { EDIT_CONFLICT_CODE } from '../../../common/syncValues';
import { openOutboxPanel } from '../../components/outbox/OutboxButton';
import { ApiError } from '../../lib/api';
import { browserTimeZone } from '../../lib/dates';
import { useInteractionTypes } from '../../lib/lookups';
import { dropLastChance, getWrite, heldCopyOf, holdWhileOpen, listWrites, mergeLastChance, onSynced, syncedVersion } from '../../lib/outbox';
import type { OutboxKind, OutboxRecord } from '../../lib/outboxRules';
import { keepBeforeLeaving, keepCopyOnLeaving, keepInOutbox, type NewWrite, settleEditConflict, syncNow } from '../../lib/outboxSync';
import { useAuthUser } from '../../lib/session';
import { roundedNow, zonedTime } from '../../lib/zonedTime';
import { type Observation, type ObservationBody, type ObservationItem as FormItem, observationApi, useEducatorName, useObservation, useObservationForms } from './api';
import {
  type Answer, answersOf, blankCapture, bodyOf, type Capture, captureOfWrite, captureErrors, captureFromObservation, type CaptureErrors, defaultFormId, FALLBACK_MINUTES,
  NO_ERRORS, type ObservationItem, previewOfCapture, sectionsOf, stampNote, tallyOf, tallyText,
} from './capture';
import { ItemField } from './components/ItemField';
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  madeByCoaches: { id: 'observations.madeByCoaches', defaultMessage: 'Observations are made by coaches and school leaders.' },
  sharedInList: { id: 'observations.sharedInList', defaultMessage: 'Observations shared with you are in your <link>observations list</link>.' },
  observations: { id: 'observations.observations', defaultMessage: 'Observations' },
  couldNotOpen: { id: 'observations.couldNotOpen', defaultMessage: 'We could not open this observation.' },
  loadingObservation: { id: 'observations.loadingObservation', defaultMessage: 'Loading the observation…' },
  onlyObserver: { id: 'observations.onlyObserver', defaultMessage: 'Only the observer can change this observation.' },
  readIt: { id: 'observations.readIt', defaultMessage: 'Read it' },
  loadingEducator: { id: 'observations.loadingEducator', defaultMessage: 'Loading the educator…' },
  unreachable: { id: 'observations.unreachable', defaultMessage: 'We could not reach Coachwell. Check your connection and try again.' },
  summaryDetail: { id: 'observations.summaryDetail', defaultMessage: '{educator} · {status, select, completed {Completed} other {Draft}}' },
  observation: { id: 'observations.observation', defaultMessage: 'Observation' },
  draftFailed: { id: 'observations.draftFailed', defaultMessage: 'We could not save the draft.' },
  chooseEducator: { id: 'observations.chooseEducator', defaultMessage: 'Choose the educator you observed.' },
  chooseForm: { id: 'observations.chooseForm', defaultMessage: 'Choose a form.' },
  enterWhen: { id: 'observations.enterWhen', defaultMessage: 'Enter the day and time of the observation.' },
  queued: { id: 'observations.queued', defaultMessage: 'Saved on this device: waiting to sync.' },
  saved: { id: 'observations.saved', defaultMessage: 'Observation saved.' },
  completedToast: { id: 'observations.completedToast', defaultMessage: 'Observation of {name} completed.' },
  editTitle: { id: 'observations.editTitle', defaultMessage: 'Edit observation' },
  resumeTitle: { id: 'observations.resumeTitle', defaultMessage: 'Resume observation' },
  newTitle: { id: 'observations.newTitle', defaultMessage: 'New observation' },
  calibrationSession: { id: 'observations.calibrationSession', defaultMessage: 'Calibration session' },
  calibrationText: { id: 'observations.calibrationText', defaultMessage: 'Your answers are compared with the other observers\' answers for the same lesson. <link>Open the session</link>' },
  whoAndWhen: { id: 'observations.whoAndWhen', defaultMessage: 'Who and when' },
  educator: { id: 'observations.educator', defaultMessage: 'Educator' },
  chooseHidden: { id: 'observations.chooseRecentHidden', defaultMessage: '(choose as the educator)' },
  change: { id: 'observations.change', defaultMessage: 'Change' },
  educatorHidden: { id: 'observations.educatorHidden', defaultMessage: 'educator' },
  formsFailed: { id: 'observations.formsFailed', defaultMessage: 'We could not load the forms.' },
  form: { id: 'observations.form', defaultMessage: 'Form' },
  chooseFormPlaceholder: { id: 'observations.chooseFormPlaceholder', defaultMessage: 'Choose a form…' },
  loadingForms: { id: 'observations.loadingForms', defaultMessage: 'Loading the forms…' },
  day: { id: 'observations.day', defaultMessage: 'Day' },
  time: { id: 'observations.time', defaultMessage: 'Time' },
  minutes: { id: 'observations.minutes', defaultMessage: 'Minutes' },
  items: { id: 'observations.items', defaultMessage: 'Items' },
  tallyLine: { id: 'observations.tallyLine', defaultMessage: '{answered} of {total} look-fors answered' },
  notes: { id: 'observations.notes', defaultMessage: 'Notes' },
  notesHint: { id: 'observations.notesHint', defaultMessage: 'Shared with the educator when you share the notes.' },
  addNote: { id: 'observations.addNote', defaultMessage: '+ note' },
  inTheNotes: { id: 'observations.inTheNotes', defaultMessage: 'in the notes' },
  nextSteps: { id: 'observations.nextSteps', defaultMessage: 'Next steps' },
  nextStepsHint: { id: 'observations.nextStepsHint', defaultMessage: 'What you agreed at the debrief.' },
  privateNotes: { id: 'observations.privateNotes', defaultMessage: 'Private notes' },
  privateHint: { id: 'observations.privateHint', defaultMessage: 'Only you see these.' },
  cancel: { id: 'observations.cancel', defaultMessage: 'Cancel' },
  view: { id: 'observations.view', defaultMessage: 'View' },
  saveChanges: { id: 'observations.saveChanges', defaultMessage: 'Save changes' },
  complete: { id: 'observations.complete', defaultMessage: 'Complete' },
  changeFormTitle: { id: 'observations.changeFormTitle', defaultMessage: 'Change the form?' },
  changeFormBody: { id: 'observations.changeFormBody', defaultMessage: '{count, plural, one {# answer} other {# answers}} on {form} will be cleared: {other} has its own items. Notes, next steps and private notes stay.' },
  thisForm: { id: 'observations.thisForm', defaultMessage: 'this form' },
  anotherForm: { id: 'observations.anotherForm', defaultMessage: 'another form' },
  changeForm: { id: 'observations.changeForm', defaultMessage: 'Change form' },
  keepForm: { id: 'observations.keepForm', defaultMessage: 'Keep this form' },
  saving: { id: 'observations.saving', defaultMessage: 'Saving…' },
  draftOnDevice: { id: 'observations.draftOnDevice', defaultMessage: 'Draft saved on this device: waiting to sync' },
  draftNotSaved: { id: 'observations.draftNotSaved', defaultMessage: 'Draft not saved yet' },
  draftSavedAt: { id: 'observations.draftSavedAt', defaultMessage: 'Draft saved {at}' },
  draftIdle: { id: 'observations.draftIdle', defaultMessage: 'Saved as a draft once you choose the educator and start' },
  retry: { id: 'observations.retry', defaultMessage: 'Retry' },
  draftConflict: { id: 'observations.draftConflict', defaultMessage: 'Changed elsewhere since you opened it: your version is kept on this device.' },
  compare: { id: 'observations.compare', defaultMessage: 'Compare the two versions' },
  heldBack: { id: 'observations.heldBack', defaultMessage: 'Your changes from before the tab closed, not saved yet: select Save changes to save them.' },
});

const AUTOSAVE_MS = 3000;

/**
 * Correcting a write the server refused (issue 31, ?outbox=UUID from the outbox panel): the person's refused
 * observation write, once read from the device (undefined while reading; null when there is none to correct).
 */
function useRefusedWrite(outboxId: string | null, userId: number | undefined, kind: OutboxKind): OutboxRecord | null | undefined {
  const [found, setFound] = useState<{ id: string; record: OutboxRecord | null } | null>(null);
  useEffect(() => {
    if (!outboxId || userId === undefined) return;
    let live = true;
    void getWrite(outboxId).then((r) => {
      if (live) setFound({ id: outboxId, record: r && r.userId === userId && r.kind === kind && r.state === 'refused' && r.draft ? r : null });
    }, () => live && setFound({ id: outboxId, record: null }));
    return () => {
      live = false;
    };
  }, [outboxId, userId, kind]);
  if (!outboxId) return null;
  return found?.id === outboxId ? found.record : undefined;
}

/**
 * The person's edit of this observation still on the device (issue 31: waiting to sync, refused or in conflict, or a
 * completed observation's edit kept unsaved as its tab closed): the capture goes on from it, under its id, rather than
 * from the server's older version (undefined while reading).
 */
function useQueuedEdit(observationId: number | null, userId: number | undefined): OutboxRecord | null | undefined {
  const [found, setFound] = useState<{ id: number; record: OutboxRecord | null } | null>(null);
  useEffect(() => {
    if (!observationId || userId === undefined) return;
    let live = true;
    // What a tab closed on this observation kept as it closed (with a signal too) is what goes on, also in a tab started
    // before (where no start merged it).
    const ofThis = (r: OutboxRecord) => r.kind === 'observation.update' && r.target === observationId;
    void mergeLastChance(userId, ofThis).catch(() => 0).then((merged) => {
      if (merged > 0 && navigator.onLine) void syncNow(userId);
      return listWrites(userId);
    }).then(async (rows) => {
      const waiting = rows.filter((r) => r.kind === 'observation.update' && r.target === observationId && r.draft).at(-1) ?? null;
      // A completed observation's edit kept as its tab closed, not saved (held): newer than what waits, it goes on.
      const held = await heldCopyOf(userId, observationId);
      const record = held && (held.keptAt ?? 0) > (waiting?.keptAt ?? 0) ? held : waiting;
      if (live) setFound({ id: observationId, record });
    }).catch(() => live && setFound({ id: observationId, record: null }));
    return () => {
      live = false;
    };
  }, [observationId, userId]);
  if (!observationId || userId === undefined) return null;
  return found?.id === observationId ? found.record : undefined;
}

export default function ObservationCaptureScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const editId = id ? Number(id) || null : null;
  const existing = useObservation(editId);
  const { user } = useAuthUser();
  const [params] = useSearchParams();
  const correcting = useRefusedWrite(params.get('outbox'), user?.id, editId ? 'observation.update' : 'observation.create');
  const queued = useQueuedEdit(editId, user?.id);
  // An edit opens on the current version (issue 31: its saves carry it as their base), so a cached answer is read
  // again first when there is a signal; once open, the form stays.
  const current = !!existing.data && (!existing.isValidating || !navigator.onLine);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (current) setChecked(true);
  }, [current]);
  if (!user || correcting === undefined || queued === undefined) return <LoadingBlock />;
  if (!hasPermission(user.security.permissions, PERMISSIONS.seeActivity)) {
    return (
      <div className="stack obs-page">
        <PageHeader title={routeTitle(route)} />
        <Alert tone="info" title={t(m.madeByCoaches)}>
          <p>{tRich(m.sharedInList, { link: (chunks) => <a href="/app/observations">{chunks}</a> })}</p>
        </Alert>
      </div>
    );
  }
  if (editId) {
    if (existing.error && !existing.data) {
      return (
        <div className="stack obs-page">
          <PageHeader title={routeTitle(route)} breadcrumbs={[{ label: t(m.observations), to: '/app/observations' }, { label: routeTitle(route) }]} />
          <Alert tone="danger" title={t(m.couldNotOpen)}><p>{existing.error.message}</p></Alert>
        </div>
      );
    }
    if (!existing.data || !(checked || current)) return <LoadingBlock label={t(m.loadingObservation)} />;
    if (!existing.data.can_edit) {
      return (
        <div className="stack obs-page">
          <PageHeader title={routeTitle(route)} breadcrumbs={[{ label: t(m.observations), to: '/app/observations' }, { label: routeTitle(route) }]} />
          <Alert tone="info" title={t(m.onlyObserver)}><p><a href={`/app/observations/${editId}`}>{t(m.readIt)}</a></p></Alert>
        </div>
      );
    }
    return (
      <CaptureForm key={`${editId}-${correcting?.id ?? ''}-${queued?.id ?? ''}`} existing={existing.data} timeZone={user.timezone || browserTimeZone()}
        correcting={correcting} queued={correcting ? null : queued} />
    );
  }
  if (correcting) return <CaptureForm key={correcting.id} existing={null} timeZone={user.timezone || browserTimeZone()} correcting={correcting} />;
  return <NewCapture timeZone={user.timezone || browserTimeZone()} />;
}

/** A new capture waits for the prefilled educator's name, then starts. */
function NewCapture({ timeZone }: { timeZone: string }) {
  const [params] = useSearchParams();
  const staffId = Number(params.get('staff_id')) || null;
  const formId = Number(params.get('form_id')) || null;
  const calibrationId = Number(params.get('calibration')) || null;
  const name = useEducatorName(staffId);
  // The Recent educators (a few rows of buttons on a phone) sit above the form's fields: the form waits for them
  // rather than moving down under the person's eyes when they arrive (issue 35).
  const { user } = useAuthUser();
  const recentAnswered = useRecentParticipantsAnswered(user?.id ?? null);
  const [waited, setWaited] = useState(false);
  // At most 4 s; once the form shows no timer is left to render it again under the person's first taps (issue 28).
  const ready = (!staffId || !!name) && recentAnswered;
  useEffect(() => {
    if (ready) return undefined;
    const timer = setTimeout(() => setWaited(true), 4000);
    return () => clearTimeout(timer);
  }, [ready]);
  if (staffId && !name && !waited) return <LoadingBlock label={t(m.loadingEducator)} />;
  if (!recentAnswered && !waited) return <LoadingBlock />;
  return <CaptureForm existing={null} timeZone={timeZone} prefill={{ staff: staffId && name ? { id: staffId, name } : null, formId, calibrationId }} />;
}

type SaveState = { state: 'idle' } | { state: 'pending' } | { state: 'device' } | { state: 'conflict' } | { state: 'saving' } | { state: 'saved'; at: string }
  | { state: 'error'; message: string };

function CaptureForm({ existing, timeZone, prefill, correcting, queued }: {
  existing: Observation | null;
  timeZone: string;
  prefill?: { staff: { id: number; name: string } | null; formId: number | null; calibrationId?: number | null };
  /** A write the server refused: the form opens with its values, and saving replaces it in the outbox (same id). */
  correcting?: OutboxRecord | null;
  /** The person's edit of this observation waiting on the device: the form goes on from it (same id). */
  queued?: OutboxRecord | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const forms = useObservationForms('active');
  const types = useInteractionTypes('active');
  const resumed = correcting ?? queued ?? null;
  const [c, setC] = useState<Capture>(() => (resumed ? captureOfWrite(resumed, existing, timeZone) : existing ? captureFromObservation(existing, timeZone)
    : blankCapture(roundedNow(timeZone, 1), { staff: prefill?.staff, formId: null, calibrationId: prefill?.calibrationId })));
  const [errors, setErrors] = useState<CaptureErrors>(NO_ERRORS);
  // Correcting a refused write: not saved yet.
  const [save, setSave] = useState<SaveState>(correcting ? { state: 'pending' } : queued ? { state: queued.state === 'conflict' ? 'conflict' : 'device' }
    : existing ? { state: 'saved', at: zonedTime(existing.updated_at, timeZone) } : { state: 'idle' });
  const [busy, setBusy] = useState(false);
  const [askForm, setAskForm] = useState<{ formId: number | null } | null>(null);
  const [notesOpen, setNotesOpen] = useState<Set<number>>(() => new Set(existing?.answers?.filter((a) => a.evidence).map((a) => a.item_id) ?? []));
  const completed = existing?.status === 'completed';
  const formRef = useRef<HTMLFormElement>(null);
  const durationTouched = useRef(!!existing || !!resumed);

  // The form: once the forms have loaded, the one asked for, else the walkthrough.
  const formList = forms.data?.data ?? [];
  useEffect(() => {
    const list = forms.data?.data;
    if (c.formId || !list) return;
    setC((cur) => ({ ...cur, formId: defaultFormId(list, prefill?.formId ?? null) }));
  }, [forms.data, c.formId, prefill?.formId]);
  const form = formList.find((f) => f.id === c.formId) ?? null;
  // An observation keeps the version it was made with: its own items while its form stays the same.
  const items: FormItem[] = useMemo(
    () => (existing && c.formId === existing.form.id ? existing.items : form?.items ?? []),
    [existing, c.formId, form],
  );
  // The duration: the form's interaction type's default, until the observer changes it. Picking another form sets it
  // in the same update (switchForm), so this changes nothing then and the form's items render once, not twice.
  const minutesOf = (f: { interaction_type: { id: number } } | null) => String(types.data?.data.find((t) => t.id === f?.interaction_type.id)?.default_minutes ?? FALLBACK_MINUTES);
  const formMinutes = minutesOf(form);
  useEffect(() => {
    if (durationTouched.current || !form) return;
    setC((cur) => (cur.duration === formMinutes ? cur : { ...cur, duration: formMinutes }));
  }, [form, formMinutes]);

  // ---- autosave ----------------------------------------------------------------------------------------
  const idRef = useRef<number | null>(existing?.id ?? null);
  // Without a signal the draft waits in the outbox (issue 31): a new one under its client_id, which the first save
  // online sends too (a repeat answers the record the sync made), and an existing one's changes under one id.
  const { user } = useAuthUser();
  const recent = useRecentParticipants(existing ? null : user?.id ?? null);
  // Correcting (or going on from an edit still on the device): that write's own id, so the new version replaces it (a
  // create keeps its client_id).
  const clientId = useRef(resumed?.kind === 'observation.create' ? resumed.id : crypto.randomUUID().toLowerCase());
  const updateKey = useRef(resumed?.kind === 'observation.update' ? resumed.id : crypto.randomUUID().toLowerCase());
  const queuedOnce = useRef(!!resumed);
  // While this form is open, a copy it keeps (its tab hidden) is its own: no other tab takes it up (issue 31).
  useEffect(() => holdWhileOpen([clientId.current, updateKey.current]), []);
  // The version this edit started from (issue 31): every PUT carries it, so a version saved elsewhere meanwhile is a
  // conflict to settle, never overwritten; each answer's version is the next save's.
  const base = useRef<string | null>(resumed?.kind === 'observation.update' ? resumed.baseUpdatedAt ?? null : existing?.updated_at ?? null);
  const latest = useRef({ c, items, formName: '', form, existing });
  latest.current = { c, items, formName: form?.name ?? t(m.observation), form, existing };
  // The outbox's write for a version of the capture: its own values kept to reopen the form (Correct), and for an edit
  // its base version and how the observation will look (its page and the lists show it at once).
  const writeOf = useCallback((body: ObservationBody, name: string, educator: string, capture: Capture): NewWrite => {
    const { items: shownItems, form: chosen, existing: before } = latest.current;
    const preview = idRef.current ? previewOfCapture(before, body, capture, shownItems, chosen ?? null) : undefined;
    return {
      kind: idRef.current ? 'observation.update' : 'observation.create', target: idRef.current, body: body as unknown as Record<string, unknown>,
      baseUpdatedAt: idRef.current ? base.current : null,
      summary: {
        title: name, detail: t(m.summaryDetail, { educator, status: body.status }), staffIds: [body.staff_id], startsAt: body.observed_at,
        note: body.notes?.slice(0, 80) || undefined, ...(preview ? { extra: { preview } } : {}),
      },
      draft: capture,
    };
  }, []);
  const persist = useCallback(async (body: ObservationBody, name: string, educator: string, capture: Capture): Promise<{ queued: true; conflict: boolean } | { queued: false; o: Observation }> => {
    const key = idRef.current ? updateKey.current : clientId.current;
    lastSaved.current = { body, capture };
    const keep = async () => {
      if (!user) throw new ApiError(0, t(m.unreachable), 'network_error');
      queuedOnce.current = true;
      await keepInOutbox(user.id, key, writeOf(body, name, educator, capture));
      return { queued: true as const, conflict: (await getWrite(key))?.state === 'conflict' };
    };
    if (!navigator.onLine || (queuedOnce.current && await getWrite(key))) {
      const kept = await keep();
      if (navigator.onLine && user && !kept.conflict) void syncNow(user.id);
      return kept;
    }
    // What waited on the device has synced (sent by this tab): this edit goes on from the version that made.
    if (queuedOnce.current && idRef.current) base.current = syncedVersion(key) ?? base.current;
    try {
      let o: Observation;
      if (idRef.current) o = await observationApi.update(idRef.current, body, base.current);
      else {
        const made = await observationApi.create({ ...body, client_id: clientId.current } as ObservationBody);
        // Made by the sync from an older version: this one goes over it.
        o = queuedOnce.current ? await observationApi.update(made.id, body, made.updated_at) : made;
      }
      base.current = o.updated_at;
      // Nothing of it waits on the device any more: the next saves go straight to the server, from this version.
      queuedOnce.current = false;
      return { queued: false, o };
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) return keep();
      if (err instanceof ApiError && err.code === EDIT_CONFLICT_CODE && idRef.current && user) {
        // Saved elsewhere since this edit started (issue 31): kept on the device as a conflict, with the server's
        // version, for the conflict panel (keep either or merge); later saves replace it there. Unless the server holds
        // this very version (another tab's sync sent it): then saved again on it, silently.
        const editId = idRef.current;
        const settled = await settleEditConflict(user.id, updateKey.current, writeOf(body, name, educator, capture), (at) => observationApi.update(editId, body, at));
        if (settled.saved) {
          base.current = settled.answer.updated_at;
          queuedOnce.current = false;
          return { queued: false, o: settled.answer };
        }
        queuedOnce.current = true;
        return { queued: true as const, conflict: true };
      }
      throw err;
    }
  }, [user, writeOf]);
  // A completed observation's edit taken up from the copy its closed tab kept: not saved yet (issue 31).
  const heldResume = !correcting && queued?.held === true;
  const pending = useRef(heldResume);
  // The version last handed to the server or the outbox (issue 31): another tab's sync of it is this form's next base.
  const lastSaved = useRef<{ body: ObservationBody; capture: Capture } | null>(null);
  // A sync (any tab) made a new version of this observation: the form goes on from it when it is its own queued write, or
  // when it holds what this form last saved or holds now, field for field; else its next save meets the conflict panel.
  useEffect(() => onSynced((edit) => {
    if (!user || edit.userId !== user.id || edit.kind !== 'observation.update' || edit.target !== idRef.current) return;
    if (edit.id === updateKey.current) {
      base.current = edit.version;
      return;
    }
    const { c: now, items: shown, formName } = latest.current;
    const built = bodyOf(now, shown, timeZone, lastSaved.current?.body.status ?? 'draft');
    const candidates = [lastSaved.current, built ? { body: built.body, capture: now } : null].filter((x) => x !== null);
    void import('../../lib/outboxConflict').then(({ sameAsServer }) => {
      if (candidates.some((x) => sameAsServer(writeOf(x.body, formName, x.capture.staff?.name ?? '', x.capture), edit.answer))) base.current = edit.version;
    });
  }), [user, timeZone, writeOf]);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const saveDraft = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    if (!pending.current || completed) return;
    const built = bodyOf(latest.current.c, latest.current.items, timeZone, 'draft');
    if (!built) return;
    pending.current = false;
    setSave({ state: 'saving' });
    const run = (async () => {
      try {
        const sent = await persist(built.body, latest.current.formName, latest.current.c.staff?.name ?? '', latest.current.c);
        if (sent.queued) {
          setSave({ state: sent.conflict ? 'conflict' : 'device' });
          return;
        }
        const { o } = sent;
        if (!idRef.current) {
          idRef.current = o.id;
          // The address becomes the draft's own (reload and another device resume it) without remounting the form.
          window.history.replaceState(window.history.state, '', `/app/observations/${o.id}/edit`);
        }
        setSave({ state: 'saved', at: zonedTime(Date.now(), timeZone) });
        // Saved, and nothing typed since: a copy kept as the page was hidden holds nothing more.
        if (!pending.current) dropLastChance(clientId.current, updateKey.current);
      } catch (err) {
        pending.current = true;
        setSave({ state: 'error', message: err instanceof ApiError ? err.message : t(m.draftFailed) });
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [completed, timeZone, persist]);

  const change = (next: Capture | ((cur: Capture) => Capture)) => {
    setC(next);
    pending.current = true;
    // A completed observation saves on "Save changes" only; its changes are kept as its tab closes (below).
    if (completed) return;
    setSave((s) => (s.state === 'pending' ? s : { state: 'pending' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraft(), AUTOSAVE_MS);
  };

  // Leaving: another screen saves what is pending; closing the tab sends it with keepalive. Without a signal (or
  // once the draft waits in the outbox), hiding or closing the tab keeps it on the device: the outbox's write
  // starts here, and a copy goes to localStorage at once, merged on the next start should the tab be gone first.
  // With a signal the copy is kept too (issue 31): the keepalive's answer is read by nobody (a 409 from a version
  // saved elsewhere meanwhile), so the next open of this observation offers what it holds; the page shown again, or a
  // clean save, drops it.
  useEffect(() => {
    const onHide = (event: Event) => {
      if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') {
        if (navigator.onLine && !queuedOnce.current && !completed) dropLastChance(clientId.current, updateKey.current);
        return;
      }
      if (!pending.current) return;
      if (completed) {
        // A completed observation's edit (no autosave, issue 31): what was typed is kept on the device as it is, never
        // sent on its own (held); its page and its edit offer it on the next open, to save or discard.
        const built = bodyOf(latest.current.c, latest.current.items, timeZone, 'completed');
        if (built && user) keepCopyOnLeaving(user.id, updateKey.current, writeOf(built.body, latest.current.formName, latest.current.c.staff?.name ?? '', latest.current.c), { held: true });
        return;
      }
      const built = bodyOf(latest.current.c, latest.current.items, timeZone, 'draft');
      if (!built) return;
      if (user && (!navigator.onLine || queuedOnce.current)) {
        pending.current = false;
        clearTimeout(timer.current);
        queuedOnce.current = true;
        const key = idRef.current ? updateKey.current : clientId.current;
        keepBeforeLeaving(user.id, key, writeOf(built.body, latest.current.formName, latest.current.c.staff?.name ?? '', latest.current.c));
        setSave({ state: 'device' });
        return;
      }
      if (user) {
        const key = idRef.current ? updateKey.current : clientId.current;
        // An autosave still on its way: should it land, the server holds the person's own version, not someone else's.
        const onItsWay = inFlight.current && lastSaved.current && idRef.current
          ? writeOf(lastSaved.current.body, latest.current.formName, lastSaved.current.capture.staff?.name ?? '', lastSaved.current.capture).summary.extra?.preview as Record<string, unknown> | undefined
          : undefined;
        keepCopyOnLeaving(user.id, key, writeOf(built.body, latest.current.formName, latest.current.c.staff?.name ?? '', latest.current.c), { unreadSave: onItsWay });
      }
      // With a signal, the page closing sends it (a tab only hidden saves as usual, 3 s after typing pauses). A new
      // draft carries its client_id: the copy's sync, should it come, is answered the draft this made.
      if (event.type === 'visibilitychange' || inFlight.current) return;
      pending.current = false;
      observationApi.saveOnLeaving(idRef.current, idRef.current ? built.body : { ...built.body, client_id: clientId.current } as ObservationBody, base.current);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      clearTimeout(timer.current);
      if (pending.current && !completed) void saveDraft();
    };
  }, [completed, saveDraft, timeZone, user, writeOf]);
  // Left within the app (Cancel): a completed observation's changes go, as they always did, unless they are the ones its
  // closed tab kept (still offered on its page).
  const dropOnLeaving = useRef(false);
  dropOnLeaving.current = completed && !heldResume;
  useEffect(() => () => {
    if (dropOnLeaving.current) dropLastChance(updateKey.current);
  }, []);

  // Correcting: the server's refusal, each message at its item or field once the forms are known, and whole above.
  const refusalShown = useRef(false);
  useEffect(() => {
    if (!correcting || refusalShown.current || !forms.data) return;
    refusalShown.current = true;
    const built = bodyOf(c, items, timeZone, correcting.body.status === 'completed' ? 'completed' : 'draft');
    const shown = captureErrors(new ApiError(422, correcting.message ?? '', 'refused', correcting.errors ?? {}), items, built?.itemAt ?? [], c.answers);
    setErrors({ ...shown, form: correcting.message ?? shown.form });
  }, [correcting, forms.data, c, items, timeZone]);

  // ---- notes -------------------------------------------------------------------------------------------
  const noteRefs = useRef(new Map<number | string, HTMLTextAreaElement | null>());
  const focusNote = useRef<number | string | null>(null);
  useEffect(() => {
    if (focusNote.current === null) return;
    const el = noteRefs.current.get(focusNote.current);
    focusNote.current = null;
    if (el) {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    }
  });
  const minute = () => zonedTime(Date.now(), timeZone);
  const noteOnItem = (item: ObservationItem) => {
    const a: Answer = c.answers[item.id] ?? { value: null, evidence: '' };
    const next = item.kind === 'text'
      ? { ...a, value: stampNote(typeof a.value === 'string' ? a.value : '', minute()) }
      : { ...a, evidence: stampNote(a.evidence, minute()) };
    setNotesOpen((s) => new Set(s).add(item.id));
    focusNote.current = item.id;
    change((cur) => ({ ...cur, answers: { ...cur.answers, [item.id]: next } }));
  };
  const setAnswer = (item: ObservationItem, a: Answer) => {
    if (errors.items[item.id]) setErrors((e) => ({ ...e, items: { ...e.items, [item.id]: '' } }));
    change((cur) => ({ ...cur, answers: { ...cur.answers, [item.id]: a } }));
  };
  // The items' handlers: the same functions on every render (ItemField is memoised), calling this render's.
  const itemHandlers = useRef({ setAnswer, noteOnItem });
  itemHandlers.current = { setAnswer, noteOnItem };
  const onItemChange = useCallback((item: ObservationItem, a: Answer) => itemHandlers.current.setAnswer(item, a), []);
  const onItemNote = useCallback((item: ObservationItem) => itemHandlers.current.noteOnItem(item), []);
  const keepNoteRef = useCallback((itemId: number, el: HTMLTextAreaElement | null) => {
    noteRefs.current.set(itemId, el);
  }, []);
  const setField = <K extends keyof Capture>(key: K, value: Capture[K], errorKey?: string) => {
    if (errorKey && errors.fields[errorKey]) setErrors((e) => ({ ...e, fields: { ...e.fields, [errorKey]: '' } }));
    change((cur) => ({ ...cur, [key]: value }));
  };

  // ---- complete ----------------------------------------------------------------------------------------
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    if (!focusAsked) return;
    const bad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!bad) return;
    const target = bad.matches('fieldset') ? bad.querySelector<HTMLElement>('input, textarea') ?? bad : bad;
    target.focus();
  }, [focusAsked]);

  async function complete() {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    const built = bodyOf(c, items, timeZone, 'completed');
    if (!built) {
      setErrors({
        ...NO_ERRORS,
        fields: { ...(c.staff ? {} : { staff_id: t(m.chooseEducator) }), ...(c.formId ? {} : { form_id: t(m.chooseForm) }), ...(c.staff && c.formId ? { observed_at: t(m.enterWhen) } : {}) },
      });
      setFocusAsked((n) => n + 1);
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const sent = await persist(built.body, form?.name ?? t(m.observation), c.staff?.name ?? '', c);
      pending.current = false;
      if (sent.queued && sent.conflict) {
        // Changed elsewhere meanwhile: its page, with the conflict panel open over it.
        openConflict();
        return;
      }
      if (sent.queued) {
        toast.success(t(m.queued));
        // An edit shows at once on its page, marked; a new observation in the list.
        navigate(idRef.current ? `/app/observations/${idRef.current}` : '/app/observations');
        return;
      }
      const { o } = sent;
      dropLastChance(clientId.current, updateKey.current);
      toast.success(completed ? t(m.saved) : t(m.completedToast, { name: o.educator.name }));
      navigate(`/app/observations/${o.id}`);
    } catch (err) {
      setErrors(captureErrors(err, items, built.itemAt, c.answers));
      setFocusAsked((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  // The conflict panel, over the observation's page (where its version waiting on the device shows, marked): the form
  // is left first, so a merge is not overwritten by its next save.
  function openConflict() {
    const key = updateKey.current;
    navigate(`/app/observations/${idRef.current}`);
    openOutboxPanel(key);
  }
  async function compare() {
    await saveDraft();
    openConflict();
  }

  // Another form has other items: its answers would be lost, so a draft with answers asks first.
  const answeredCount = answersOf(items, c.answers).answers.length;
  // One update: the form, no answers, and (until the observer changed it) the new form's minutes.
  function switchForm(formId: number | null) {
    if (errors.fields.form_id) setErrors((e) => ({ ...e, fields: { ...e.fields, form_id: '' } }));
    const next = formList.find((f) => f.id === formId) ?? null;
    const duration = durationTouched.current || !next ? null : minutesOf(next);
    change((cur) => ({ ...cur, formId, answers: {}, duration: duration ?? cur.duration }));
  }
  function changeForm(formId: number | null) {
    if (formId === c.formId) return;
    if (answeredCount > 0) setAskForm({ formId });
    else switchForm(formId);
  }
  const askedForm = askForm ? formList.find((f) => f.id === askForm.formId) ?? null : null;

  const tally = tallyOf(items, c.answers);
  const sections = useMemo(() => sectionsOf(items), [items]);
  const title = existing ? (completed ? t(m.editTitle) : t(m.resumeTitle)) : t(m.newTitle);
  const formOptions = formList.map((f) => ({ value: String(f.id), label: f.name }));
  if (existing && !formList.some((f) => f.id === existing.form.id)) formOptions.unshift({ value: String(existing.form.id), label: existing.form.name });

  return (
    <div className="stack obs-page obs-capture">
      <PageHeader title={title} breadcrumbs={[{ label: t(m.observations), to: '/app/observations' }, { label: title }]} />
      <form ref={formRef} className="stack obs-capture__form" noValidate onSubmit={(e) => { e.preventDefault(); if (!busy) void complete(); }}>
        <FormError error={errors.form} />
        {c.calibrationId !== null && (
          <Alert tone="info" title={t(m.calibrationSession)}>
            <p>{tRich(m.calibrationText, { link: (chunks) => <Link to={`/app/observations/calibration/${c.calibrationId}`}>{chunks}</Link> })}</p>
            {errors.fields.calibration_id && <p role="alert"><strong>{errors.fields.calibration_id}</strong></p>}
          </Alert>
        )}
        <section className="card stack stack--sm obs-capture__who" aria-label={t(m.whoAndWhen)}>
          {c.staff ? (
            <div className="obs-educator">
              <p className="obs-educator__label">{t(m.educator)}</p>
              <p className="obs-educator__name">{c.staff.name}</p>
              {!completed && <Button variant="ghost" size="sm" onClick={() => setField('staff', null)}>{t(m.change)}<span className="sr-only"> {t(m.educatorHidden)}</span></Button>}
            </div>
          ) : (
            <>
              <EducatorCombobox label={t(m.educator)} required activeOnly chosen={[]} error={errors.fields.staff_id}
                onPick={(e) => setField('staff', e, 'staff_id')} />
              {/* One tap, and without a signal too (issue 31): the educators the observer coached last. */}
              <RecentPeople people={recent} onPick={(p) => setField('staff', p, 'staff_id')} actionHidden={t(m.chooseHidden)} />
            </>
          )}
          {forms.error && !forms.data ? (
            <Alert tone="danger" title={t(m.formsFailed)}><p>{forms.error.message}</p></Alert>
          ) : (
            <SelectField label={t(m.form)} name="form_id" required value={c.formId ? String(c.formId) : ''} options={formOptions} disabled={completed}
              placeholder={forms.data ? t(m.chooseFormPlaceholder) : t(m.loadingForms)} error={errors.fields.form_id}
              onChange={(v) => changeForm(v ? Number(v) : null)} />
          )}
          <div className="obs-when">
            <TextField label={t(m.day)} name="day" type="date" value={c.day} required onChange={(v) => setField('day', v, 'observed_at')} error={errors.fields.observed_at} />
            <TextField label={t(m.time)} name="time" type="time" value={c.time} required onChange={(v) => setField('time', v, 'observed_at')} />
            <TextField label={t(m.minutes)} name="duration_minutes" type="number" inputMode="numeric" min={1} value={c.duration} error={errors.fields.duration_minutes}
              onChange={(v) => { durationTouched.current = true; setField('duration', v, 'duration_minutes'); }} />
          </div>
        </section>

        {form?.description && !existing && <p className="muted text-sm">{form.description}</p>}
        {sections.map((group, g) => (
          <section key={`${group.section ?? ''}-${g}`} className="stack stack--sm obs-section" aria-label={group.section ?? t(m.items)}>
            {group.section && <h2 className="obs-section__title">{group.section}</h2>}
            {group.items.map((item) => (
              <ItemField key={item.id} item={item} answer={c.answers[item.id]} error={errors.items[item.id] || undefined}
                showEvidence={notesOpen.has(item.id) || !!c.answers[item.id]?.evidence}
                noteRef={keepNoteRef} onChange={onItemChange} onNote={onItemNote} />
            ))}
          </section>
        ))}
        {tally.total > 0 && (
          <p className="muted text-sm obs-capture__tally" aria-live="polite">
            {t(m.tallyLine, { answered: tally.answered, total: tally.total })}{tallyText(tally) ? ` · ${tallyText(tally)}` : ''}
          </p>
        )}

        <section className="card stack stack--sm obs-capture__notes" aria-label={t(m.notes)}>
          <div className="obs-notes-field">
            <TextAreaField label={t(m.notes)} name="notes" rows={3} hint={t(m.notesHint)} value={c.notes}
              error={errors.fields.notes} onChange={(v) => setField('notes', v, 'notes')}
              ref={(el: HTMLTextAreaElement | null) => { noteRefs.current.set('notes', el); }} />
            <button type="button" className="btn btn--ghost btn--sm obs-note" onClick={() => { focusNote.current = 'notes'; setField('notes', stampNote(c.notes, minute())); }}>
              <span className="btn__label">{t(m.addNote)}<span className="sr-only"> {t(m.inTheNotes)}</span></span>
            </button>
          </div>
          <TextAreaField label={t(m.nextSteps)} name="next_steps" rows={2} hint={t(m.nextStepsHint)} value={c.nextSteps}
            error={errors.fields.next_steps} onChange={(v) => setField('nextSteps', v, 'next_steps')} />
          <TextAreaField label={t(m.privateNotes)} name="private_notes" rows={2} hint={t(m.privateHint)} value={c.privateNotes}
            error={errors.fields.private_notes} onChange={(v) => setField('privateNotes', v, 'private_notes')} />
        </section>

        <div className="obs-capture__actions">
          <SaveStatus save={save} completed={completed} held={heldResume && !busy} onRetry={() => { pending.current = true; void saveDraft(); }} onCompare={() => void compare()} />
          <div className="cluster">
            {existing && <ButtonLink variant="secondary" to={`/app/observations/${existing.id}`}>{completed ? t(m.cancel) : t(m.view)}</ButtonLink>}
            <Button type="submit" busy={busy}>{completed ? t(m.saveChanges) : t(m.complete)}</Button>
          </div>
        </div>
      </form>
      <ConfirmDialog open={askForm !== null} title={t(m.changeFormTitle)}
        message={t(m.changeFormBody, { count: answeredCount, form: form?.name ?? t(m.thisForm), other: askedForm?.name ?? t(m.anotherForm) })}
        confirmLabel={t(m.changeForm)} cancelLabel={t(m.keepForm)} danger
        onConfirm={() => { if (askForm) switchForm(askForm.formId); setAskForm(null); }} onCancel={() => setAskForm(null)} />
    </div>
  );
}

/** The quiet line of the draft's autosave. */
function SaveStatus({ save, completed, held, onRetry, onCompare }: { save: SaveState; completed: boolean; held: boolean; onRetry: () => void; onCompare: () => void }) {
  if (save.state === 'conflict') {
    return (
      <p className="text-sm obs-save obs-save__conflict" role="status">
        {t(m.draftConflict)}{' '}
        <button type="button" className="btn-link" onClick={onCompare}>{t(m.compare)}</button>
      </p>
    );
  }
  if (completed) return <p className="muted text-sm obs-save" role="status">{held && t(m.heldBack)}</p>;
  return (
    <p className="muted text-sm obs-save" role="status">
      {save.state === 'saving' && t(m.saving)}
      {save.state === 'device' && t(m.draftOnDevice)}
      {save.state === 'pending' && t(m.draftNotSaved)}
      {save.state === 'saved' && t(m.draftSavedAt, { at: save.at })}
      {save.state === 'idle' && t(m.draftIdle)}
      {save.state === 'error' && (
        <span className="obs-save__error">
          {save.message}{' '}
          <button type="button" className="btn-link" onClick={onRetry}>{t(m.retry)}</button>
        </span>
      )}
    </p>
  );
}
