// The "Framework" tab of /app/coaching (`manage settings`): the level scale (names and descriptors),
// domains and their skills: add, rename, move up or down (buttons, keyboard-usable), archive and
// restore. Archived skills keep every rating; they leave the heat map and the rating dialog.
import { useState } from 'react';
import type { SkillDomain, SkillFramework } from '../../../../common/schemas/skills';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { api, ApiError } from '../../../lib/api';
import { revalidateSkillFramework } from '../../../lib/lookups';
import { revalidateSkillMap } from '../../../lib/skills';

type Editing =
  | { kind: 'domain'; id: number | null; name: string; description: string }
  | { kind: 'skill'; id: number | null; domainId: number; name: string; description: string }
  | { kind: 'level'; level: number; name: string; description: string };

async function save(call: Promise<SkillFramework>): Promise<SkillFramework> {
  const next = await call;
  await revalidateSkillFramework(next);
  void revalidateSkillMap();
  return next;
}

function EditDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const toast = useToast();
  const [name, setName] = useState(editing.name);
  const [description, setDescription] = useState(editing.description);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = editing.kind === 'level' ? `Level ${editing.level}`
    : `${editing.id === null ? 'Add' : 'Edit'} ${editing.kind === 'domain' ? 'domain' : 'skill'}`;
  const descLabel = editing.kind === 'level' ? 'Descriptor' : 'Description';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      if (editing.kind === 'level') {
        await save(api.put(`skill-level/${editing.level}`, { name, descriptor: description }));
      } else if (editing.kind === 'domain') {
        const body = { name, description };
        await save(editing.id === null ? api.post('skill-domain', body) : api.put(`skill-domain/${editing.id}`, body));
      } else {
        const body = { domain_id: editing.domainId, name, description };
        await save(editing.id === null ? api.post('skill', body) : api.put(`skill/${editing.id}`, body));
      }
      toast.success('Framework saved.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(err.errors);
        const other = Object.entries(err.errors).filter(([k]) => !['name', 'description', 'descriptor'].includes(k)).flatMap(([, m]) => m);
        setFormError(other.length ? other.join(' ') : null);
      } else setFormError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} dismissible={!busy} title={title} size="sm"
      footer={<>
        <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
        <Button type="submit" form="fw-edit" busy={busy}>Save</Button>
      </>}>
      <form id="fw-edit" className="stack" onSubmit={submit} noValidate>
        <FormError error={formError} />
        <TextField label="Name" name="name" required value={name} onChange={setName} error={errors.name} maxLength={editing.kind === 'level' ? 60 : 120} />
        <TextAreaField label={descLabel} name="description" value={description} onChange={setDescription}
          error={errors.description ?? errors.descriptor} rows={3} maxLength={500} />
      </form>
    </Modal>
  );
}

function MoveButtons({ label, index, count, onMove, disabled }: { label: string; index: number; count: number; onMove: (to: number) => void; disabled: boolean }) {
  return (
    <span className="fw-move">
      <Button variant="ghost" size="sm" disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        <span aria-hidden="true">↑</span><span className="sr-only">Move {label} up</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <span aria-hidden="true">↓</span><span className="sr-only">Move {label} down</span>
      </Button>
    </span>
  );
}

function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x!);
  return next;
}

export default function FrameworkEditor({ framework }: { framework: SkillFramework }) {
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<SkillFramework>, done: string) {
    setBusy(true);
    try {
      await save(call());
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  const domainIds = framework.domains.map((d) => d.id);
  const skillRow = (d: SkillDomain) => d.skills.map((s, i) => (
    <li key={s.id} className={s.archived ? 'fw-skill fw-skill--archived' : 'fw-skill'}>
      <div className="fw-skill__text">
        <span className="fw-skill__name">{s.name}{s.archived && <span className="badge badge--neutral fw-badge">Archived</span>}</span>
        {s.description && <span className="muted text-sm">{s.description}</span>}
      </div>
      <span className="fw-actions">
        <MoveButtons label={s.name} index={i} count={d.skills.length} disabled={busy}
          onMove={(to) => void run(() => api.put(`skill-domain/${d.id}/skill-order`, { ids: moved(d.skills.map((x) => x.id), i, to) }), 'Order saved.')} />
        <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'skill', id: s.id, domainId: d.id, name: s.name, description: s.description ?? '' })}>
          Edit<span className="sr-only"> {s.name}</span>
        </Button>
        <Button variant="ghost" size="sm" disabled={busy}
          onClick={() => void run(() => api.post(`skill/${s.id}/${s.archived ? 'restore' : 'archive'}`), s.archived ? `${s.name} restored.` : `${s.name} archived; its ratings are kept.`)}>
          {s.archived ? 'Restore' : 'Archive'}<span className="sr-only"> {s.name}</span>
        </Button>
      </span>
    </li>
  ));

  return (
    <section className="stack fw" aria-labelledby="fw-heading">
      <div className="fw-head">
        <div>
          <h2 id="fw-heading" className="fw-title">{framework.name}</h2>
          {framework.description && <p className="muted">{framework.description}</p>}
        </div>
        <Button onClick={() => setEditing({ kind: 'domain', id: null, name: '', description: '' })}>Add domain</Button>
      </div>

      <section className="card fw-card" aria-labelledby="fw-levels">
        <h3 id="fw-levels" className="card__title">Levels</h3>
        <ol className="fw-levels">
          {framework.levels.map((l) => (
            <li key={l.level} className="fw-level">
              <span className="fw-level__num" aria-hidden="true">{l.level}</span>
              <div className="fw-skill__text">
                <span className="fw-skill__name"><span className="sr-only">Level {l.level}: </span>{l.name}</span>
                {l.descriptor && <span className="muted text-sm">{l.descriptor}</span>}
              </div>
              <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'level', level: l.level, name: l.name, description: l.descriptor ?? '' })}>
                Edit<span className="sr-only"> level {l.level}</span>
              </Button>
            </li>
          ))}
        </ol>
      </section>

      {framework.domains.map((d, i) => (
        <section key={d.id} className={d.archived ? 'card fw-card fw-card--archived' : 'card fw-card'} aria-labelledby={`fw-d-${d.id}`}>
          <div className="fw-domain">
            <div className="fw-skill__text">
              <h3 id={`fw-d-${d.id}`} className="card__title">{d.name}{d.archived && <span className="badge badge--neutral fw-badge">Archived</span>}</h3>
              {d.description && <span className="muted text-sm">{d.description}</span>}
            </div>
            <span className="fw-actions">
              <MoveButtons label={d.name} index={i} count={framework.domains.length} disabled={busy}
                onMove={(to) => void run(() => api.put('skill-domain-order', { ids: moved(domainIds, i, to) }), 'Order saved.')} />
              <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'domain', id: d.id, name: d.name, description: d.description ?? '' })}>
                Edit<span className="sr-only"> {d.name}</span>
              </Button>
              <Button variant="ghost" size="sm" disabled={busy}
                onClick={() => void run(() => api.post(`skill-domain/${d.id}/${d.archived ? 'restore' : 'archive'}`), d.archived ? `${d.name} restored.` : `${d.name} archived.`)}>
                {d.archived ? 'Restore' : 'Archive'}<span className="sr-only"> {d.name}</span>
              </Button>
            </span>
          </div>
          {d.skills.length ? <ul className="fw-skills">{skillRow(d)}</ul> : <p className="muted">No skills yet.</p>}
          {!d.archived && (
            <div>
              <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'skill', id: null, domainId: d.id, name: '', description: '' })}>
                Add skill<span className="sr-only"> to {d.name}</span>
              </Button>
            </div>
          )}
        </section>
      ))}
      {editing && <EditDialog editing={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
