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
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  levelTitle: { id: 'coaching.fw.levelTitle', defaultMessage: 'Level {level}' },
  addDomainTitle: { id: 'coaching.fw.addDomainTitle', defaultMessage: 'Add domain' },
  editDomainTitle: { id: 'coaching.fw.editDomainTitle', defaultMessage: 'Edit domain' },
  addSkillTitle: { id: 'coaching.fw.addSkillTitle', defaultMessage: 'Add skill' },
  editSkillTitle: { id: 'coaching.fw.editSkillTitle', defaultMessage: 'Edit skill' },
  descriptor: { id: 'coaching.fw.descriptor', defaultMessage: 'Descriptor' },
  description: { id: 'coaching.fw.description', defaultMessage: 'Description' },
  saved: { id: 'coaching.fw.saved', defaultMessage: 'Framework saved.' },
  failed: { id: 'coaching.fw.failed', defaultMessage: 'Something went wrong.' },
  cancel: { id: 'coaching.fw.cancel', defaultMessage: 'Cancel' },
  save: { id: 'coaching.fw.save', defaultMessage: 'Save' },
  name: { id: 'coaching.fw.name', defaultMessage: 'Name' },
  moveUp: { id: 'coaching.fw.moveUp', defaultMessage: 'Move {label} up' },
  moveDown: { id: 'coaching.fw.moveDown', defaultMessage: 'Move {label} down' },
  archived: { id: 'coaching.fw.archived', defaultMessage: 'Archived' },
  orderSaved: { id: 'coaching.fw.orderSaved', defaultMessage: 'Order saved.' },
  edit: { id: 'coaching.fw.edit', defaultMessage: 'Edit<sr> {name}</sr>' },
  restored: { id: 'coaching.fw.restored', defaultMessage: '{name} restored.' },
  skillArchived: { id: 'coaching.fw.skillArchived', defaultMessage: '{name} archived; its ratings are kept.' },
  domainArchived: { id: 'coaching.fw.domainArchived', defaultMessage: '{name} archived.' },
  restore: { id: 'coaching.fw.restore', defaultMessage: 'Restore<sr> {name}</sr>' },
  archive: { id: 'coaching.fw.archive', defaultMessage: 'Archive<sr> {name}</sr>' },
  addDomain: { id: 'coaching.fw.addDomain', defaultMessage: 'Add domain' },
  levels: { id: 'coaching.fw.levels', defaultMessage: 'Levels' },
  levelPrefix: { id: 'coaching.fw.levelPrefix', defaultMessage: 'Level {level}: ' },
  editLevel: { id: 'coaching.fw.editLevel', defaultMessage: 'Edit<sr> level {level}</sr>' },
  noSkills: { id: 'coaching.fw.noSkills', defaultMessage: 'No skills yet.' },
  addSkill: { id: 'coaching.fw.addSkill', defaultMessage: 'Add skill<sr> to {name}</sr>' },
});
const srOnly = (chunks: React.ReactNode[]) => <span className="sr-only">{chunks}</span>;

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
  const title = editing.kind === 'level' ? t(m.levelTitle, { level: editing.level })
    : editing.kind === 'domain' ? t(editing.id === null ? m.addDomainTitle : m.editDomainTitle)
      : t(editing.id === null ? m.addSkillTitle : m.editSkillTitle);
  const descLabel = t(editing.kind === 'level' ? m.descriptor : m.description);

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
      toast.success(t(m.saved));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(err.errors);
        const other = Object.entries(err.errors).filter(([k]) => !['name', 'description', 'descriptor'].includes(k)).flatMap(([, list]) => list);
        setFormError(other.length ? other.join(' ') : null);
      } else setFormError(err instanceof Error ? err.message : t(m.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} dismissible={!busy} title={title} size="sm"
      footer={<>
        <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
        <Button type="submit" form="fw-edit" busy={busy}>{t(m.save)}</Button>
      </>}>
      <form id="fw-edit" className="stack" onSubmit={submit} noValidate>
        <FormError error={formError} />
        <TextField label={t(m.name)} name="name" required value={name} onChange={setName} error={errors.name} maxLength={editing.kind === 'level' ? 60 : 120} />
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
        <span aria-hidden="true">↑</span><span className="sr-only">{t(m.moveUp, { label })}</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <span aria-hidden="true">↓</span><span className="sr-only">{t(m.moveDown, { label })}</span>
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
      toast.error(err instanceof Error ? err.message : t(m.failed));
    } finally {
      setBusy(false);
    }
  }

  const domainIds = framework.domains.map((d) => d.id);
  const skillRow = (d: SkillDomain) => d.skills.map((s, i) => (
    <li key={s.id} className={s.archived ? 'fw-skill fw-skill--archived' : 'fw-skill'}>
      <div className="fw-skill__text">
        <span className="fw-skill__name">{s.name}{s.archived && <span className="badge badge--neutral fw-badge">{t(m.archived)}</span>}</span>
        {s.description && <span className="muted text-sm">{s.description}</span>}
      </div>
      <span className="fw-actions">
        <MoveButtons label={s.name} index={i} count={d.skills.length} disabled={busy}
          onMove={(to) => void run(() => api.put(`skill-domain/${d.id}/skill-order`, { ids: moved(d.skills.map((x) => x.id), i, to) }), t(m.orderSaved))} />
        <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'skill', id: s.id, domainId: d.id, name: s.name, description: s.description ?? '' })}>
          {tRich(m.edit, { name: s.name, sr: srOnly })}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy}
          onClick={() => void run(() => api.post(`skill/${s.id}/${s.archived ? 'restore' : 'archive'}`), t(s.archived ? m.restored : m.skillArchived, { name: s.name }))}>
          {tRich(s.archived ? m.restore : m.archive, { name: s.name, sr: srOnly })}
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
        <Button onClick={() => setEditing({ kind: 'domain', id: null, name: '', description: '' })}>{t(m.addDomain)}</Button>
      </div>

      <section className="card fw-card" aria-labelledby="fw-levels">
        <h3 id="fw-levels" className="card__title">{t(m.levels)}</h3>
        <ol className="fw-levels">
          {framework.levels.map((l) => (
            <li key={l.level} className="fw-level">
              <span className="fw-level__num" aria-hidden="true">{l.level}</span>
              <div className="fw-skill__text">
                <span className="fw-skill__name"><span className="sr-only">{t(m.levelPrefix, { level: l.level })}</span>{l.name}</span>
                {l.descriptor && <span className="muted text-sm">{l.descriptor}</span>}
              </div>
              <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'level', level: l.level, name: l.name, description: l.descriptor ?? '' })}>
                {tRich(m.editLevel, { level: l.level, sr: srOnly })}
              </Button>
            </li>
          ))}
        </ol>
      </section>

      {framework.domains.map((d, i) => (
        <section key={d.id} className={d.archived ? 'card fw-card fw-card--archived' : 'card fw-card'} aria-labelledby={`fw-d-${d.id}`}>
          <div className="fw-domain">
            <div className="fw-skill__text">
              <h3 id={`fw-d-${d.id}`} className="card__title">{d.name}{d.archived && <span className="badge badge--neutral fw-badge">{t(m.archived)}</span>}</h3>
              {d.description && <span className="muted text-sm">{d.description}</span>}
            </div>
            <span className="fw-actions">
              <MoveButtons label={d.name} index={i} count={framework.domains.length} disabled={busy}
                onMove={(to) => void run(() => api.put('skill-domain-order', { ids: moved(domainIds, i, to) }), t(m.orderSaved))} />
              <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: 'domain', id: d.id, name: d.name, description: d.description ?? '' })}>
                {tRich(m.edit, { name: d.name, sr: srOnly })}
              </Button>
              <Button variant="ghost" size="sm" disabled={busy}
                onClick={() => void run(() => api.post(`skill-domain/${d.id}/${d.archived ? 'restore' : 'archive'}`), t(d.archived ? m.restored : m.domainArchived, { name: d.name }))}>
                {tRich(d.archived ? m.restore : m.archive, { name: d.name, sr: srOnly })}
              </Button>
            </span>
          </div>
          {d.skills.length ? <ul className="fw-skills">{skillRow(d)}</ul> : <p className="muted">{t(m.noSkills)}</p>}
          {!d.archived && (
            <div>
              <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'skill', id: null, domainId: d.id, name: '', description: '' })}>
                {tRich(m.addSkill, { name: d.name, sr: srOnly })}
              </Button>
            </div>
          )}
        </section>
      ))}
      {editing && <EditDialog editing={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
