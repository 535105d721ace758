// "Rate skills": several skills of one educator at once (a level per skill, an optional note each),
// on one date, optionally linked to a recent interaction with the educator as evidence. Shared by the
// coaching workspace's heat map and the educator profile (two features), so it lives below both.
import { useEffect, useMemo, useState } from 'react';
import type { Interaction } from '../../../common/schemas/interactions';
import type { EducatorSkills, SkillFramework } from '../../../common/schemas/skills';
import type { Paginated } from '../../../common/schemas/staff';
import { api, ApiError } from '../../lib/api';
import { todayIn } from '../../lib/dates';
import { activeDomains } from '../../lib/lookups';
import { useAuthUser } from '../../lib/session';
import { levelColour, rateSkills, useEducatorSkills } from '../../lib/skills';
import { Button } from '../Button';
import { FormError, SelectField, TextField } from '../Field';
import { Modal } from '../Modal';
import { useToast } from '../Toasts';
import { defineMessages, t, tRich } from '../../lib/i18n';
import './rateSkills.css';

const m = defineMessages({
  chooseOne: { id: 'skills.chooseOne', defaultMessage: 'Choose a level for at least one skill.' },
  rated: { id: 'skills.rated', defaultMessage: '{count, plural, one {# skill} other {# skills}} rated for {name}.' },
  failed: { id: 'skills.failed', defaultMessage: 'Something went wrong. Please try again.' },
  title: { id: 'skills.rateTitle', defaultMessage: 'Rate skills: {name}' },
  cancel: { id: 'skills.cancel', defaultMessage: 'Cancel' },
  saveMany: { id: 'skills.saveMany', defaultMessage: 'Save {count, plural, one {# rating} other {# ratings}}' },
  saveOne: { id: 'skills.saveOne', defaultMessage: 'Save rating' },
  date: { id: 'skills.date', defaultMessage: 'Date' },
  evidence: { id: 'skills.evidence', defaultMessage: 'Evidence from' },
  evidenceHint: { id: 'skills.evidenceHint', defaultMessage: 'Optional: the interaction where you saw it.' },
  noInteraction: { id: 'skills.noInteraction', defaultMessage: 'No interaction' },
  intro: { id: 'skills.intro', defaultMessage: 'Choose a level only for the skills you saw; the others keep their current level.' },
  now: { id: 'skills.now', defaultMessage: 'Now {level} · {name}' },
  notRated: { id: 'skills.notRated', defaultMessage: 'Not rated yet' },
  clear: { id: 'skills.clear', defaultMessage: 'Clear<sr> {skill}</sr>' },
  note: { id: 'skills.note', defaultMessage: 'Note<sr> on {skill}</sr>' },
});
const srOnly = (chunks: React.ReactNode[]) => <span className="sr-only">{chunks}</span>;

interface Choice { level: number | null; note: string }

export function RateSkillsDialog({
  open, onClose, staff, framework, current, interactionId,
}: {
  open: boolean;
  onClose: () => void;
  staff: { id: number; name: string };
  framework: SkillFramework;
  /** Current levels to show beside each skill. */
  current?: EducatorSkills['current'];
  /** Preselect this interaction as the evidence. */
  interactionId?: number | null;
}) {
  const { user } = useAuthUser();
  const toast = useToast();
  const domains = useMemo(() => activeDomains(framework), [framework]);
  const maxLevel = Math.max(1, ...framework.levels.map((l) => l.level));
  const [date, setDate] = useState(() => todayIn(user?.district?.timezone));
  const [evidence, setEvidence] = useState(interactionId ? String(interactionId) : '');
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [interactions, setInteractions] = useState<Interaction[]>([]);

  useEffect(() => {
    if (!open) return;
    setChoices({});
    setErrors({});
    setFormError(null);
    setDate(todayIn(user?.district?.timezone));
    setEvidence(interactionId ? String(interactionId) : '');
    // Recent interactions with this educator that the caller can link (their own or district-wide).
    let live = true;
    api.get<Paginated<Interaction>>('interaction', { filter: { staff_id: [staff.id], status: ['completed'] }, per_page: 20 })
      .then((page) => { if (live) setInteractions(page.data.filter((i) => i.can_edit)); })
      .catch(() => { if (live) setInteractions([]); });
    return () => { live = false; };
  }, [open, staff.id, interactionId, user?.district?.timezone]);

  const fetched = useEducatorSkills(staff.id, open && current === undefined);
  const currentOf = new Map((current ?? fetched.data?.current ?? []).map((r) => [r.skill_id, r]));
  const levelName = (level: number) => framework.levels.find((l) => l.level === level)?.name ?? String(level);
  const chosen = Object.entries(choices).filter(([, c]) => c.level !== null);

  const set = (skillId: number, patch: Partial<Choice>) =>
    setChoices((prev) => ({ ...prev, [skillId]: { ...(prev[skillId] ?? { level: null, note: '' }), ...patch } }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (chosen.length === 0) {
      setFormError(t(m.chooseOne));
      return;
    }
    setBusy(true);
    setFormError(null);
    setErrors({});
    const ratings = chosen.map(([skillId, c]) => ({ skill_id: Number(skillId), level: c.level!, note: c.note.trim() || null }));
    try {
      await rateSkills(staff.id, { rated_on: date, interaction_id: evidence ? Number(evidence) : null, ratings });
      toast.success(t(m.rated, { count: ratings.length, name: staff.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(err.errors);
        // Field errors of ratings.N.x point at the Nth chosen skill: name it.
        const list = Object.entries(err.errors).map(([field, messages]) => {
          const match = /^ratings\.(\d+)\./.exec(field);
          const skill = match ? domains.flatMap((d) => d.skills).find((s) => s.id === ratings[Number(match[1])]?.skill_id) : null;
          return `${skill ? `${skill.name}: ` : ''}${messages.join(' ')}`;
        });
        setFormError(list.join(' '));
      } else {
        setFormError(err instanceof Error ? err.message : t(m.failed));
      }
    } finally {
      setBusy(false);
    }
  }

  const formId = `rate-skills-${staff.id}`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size="lg"
      title={t(m.title, { name: staff.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
          <Button type="submit" form={formId} busy={busy}>
            {chosen.length > 1 ? t(m.saveMany, { count: chosen.length }) : t(m.saveOne)}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack rate-skills" onSubmit={submit} noValidate>
        <FormError error={formError} />
        <div className="rate-skills__top">
          <TextField label={t(m.date)} name="rated_on" type="date" required value={date} onChange={setDate} error={errors.rated_on} max={todayIn(user?.district?.timezone)} />
          <SelectField
            label={t(m.evidence)}
            name="interaction_id"
            value={evidence}
            onChange={setEvidence}
            error={errors.interaction_id}
            hint={t(m.evidenceHint)}
            options={[
              { value: '', label: t(m.noInteraction) },
              ...interactions.map((i) => ({ value: String(i.id), label: `${i.interaction_type.name}, ${i.starts_at.slice(0, 10)}` })),
            ]}
          />
        </div>
        <p className="muted text-sm">{t(m.intro)}</p>
        {domains.map((d) => (
          <fieldset key={d.id} className="rate-skills__domain">
            <legend>{d.name}</legend>
            {d.skills.map((s) => {
              const choice = choices[s.id];
              const now = currentOf.get(s.id);
              const nameId = `rate-${staff.id}-${s.id}`;
              return (
                <div key={s.id} className="rate-skills__skill" role="radiogroup" aria-labelledby={nameId}>
                  <div className="rate-skills__name">
                    <span id={nameId}>{s.name}</span>
                    <span className="muted text-sm">{now ? t(m.now, { level: now.level, name: levelName(now.level) }) : t(m.notRated)}</span>
                  </div>
                  <div className="rate-skills__levels">
                    {framework.levels.map((l) => {
                      const colour = levelColour(l.level, maxLevel);
                      const checked = choice?.level === l.level;
                      return (
                        <label key={l.level} className={checked ? 'rate-level rate-level--on' : 'rate-level'} title={l.descriptor ?? undefined}
                          style={checked ? { background: colour.bg, color: colour.fg, borderColor: colour.fg } : undefined}>
                          <input type="radio" name={`level-${s.id}`} value={l.level} checked={checked} onChange={() => set(s.id, { level: l.level })} />
                          <span aria-hidden="true" className="rate-level__num">{l.level}</span>
                          <span className="rate-level__name">{l.name}</span>
                        </label>
                      );
                    })}
                    {choice?.level != null && (
                      <Button variant="ghost" size="sm" onClick={() => set(s.id, { level: null })}>{tRich(m.clear, { skill: s.name, sr: srOnly })}</Button>
                    )}
                  </div>
                  {choice?.level != null && (
                    <TextField label={<>{tRich(m.note, { skill: s.name, sr: srOnly })}</>} name={`note-${s.id}`} value={choice.note}
                      onChange={(v) => set(s.id, { note: v })} className="rate-skills__note" maxLength={2000} />
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
      </form>
    </Modal>
  );
}
