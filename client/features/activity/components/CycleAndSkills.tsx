// The log form's coaching-cycle link and focus skills (issue 10): a "Coaching cycle" select offering the
// participants' open cycles (plus the cycle already linked), and the framework's active skills grouped
// by domain in a disclosure. The cycle select shows only on a plan with coaching cycles. The form reads the options
// (`useCycleAndSkillOptions`) and hands them over: a queued edit's preview names a cycle or skill chosen anew with them.
import { hasFeature } from '../../../../common/permissions';
import { FieldErrors, SelectField } from '../../../components/Field';
import { useCycles, useFocusSkillFramework } from '../../../lib/cycles';
import { useAuthUser } from '../../../lib/session';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  coachingCycle: { id: 'activity.coachingCycle', defaultMessage: 'Coaching cycle' },
  notPartOfCycle: { id: 'activity.notPartOfCycle', defaultMessage: 'Not part of a cycle' },
  cycleHint: { id: 'activity.cycleHint', defaultMessage: 'The open cycles of the educators above.' },
  focusSkills: { id: 'activity.focusSkills', defaultMessage: 'Focus skills' },
  focusSkillsChosen: { id: 'activity.focusSkillsChosen', defaultMessage: 'Focus skills ({count} chosen)' },
  archivedName: { id: 'activity.archivedName', defaultMessage: '{name} (archived)' },
});

/** What the cycle select and the skills offer: the participants' open cycles (a plan with cycles) and the framework. */
export function useCycleAndSkillOptions(staffIds: number[]) {
  const { user } = useAuthUser();
  const cyclesOn = hasFeature(user?.district?.features ?? [], 'coaching-cycles');
  const cycles = useCycles({ staff_id: staffIds, status: ['planned', 'active'] }, { enabled: cyclesOn && staffIds.length > 0, perPage: 50 });
  // Focus skills come with skill mapping: a plan without it would only be refused the framework (403).
  const framework = useFocusSkillFramework(hasFeature(user?.district?.features ?? [], 'skill-mapping'));
  return { cyclesOn, cycles: cycles.data?.data ?? [], domains: framework.data?.domains ?? [] };
}
export type CycleAndSkillOptions = ReturnType<typeof useCycleAndSkillOptions>;

/** The cycles and skills offered, by id and name, for a queued edit's preview. */
export function optionNames(options: CycleAndSkillOptions): { cycles: { id: number; title: string }[]; skills: { id: number; name: string }[] } {
  return {
    cycles: options.cycles.map((c) => ({ id: c.id, title: c.title })),
    skills: options.domains.flatMap((d) => d.skills.map((k) => ({ id: k.id, name: k.name }))),
  };
}

type Props = {
  /** From useCycleAndSkillOptions, called by the form. */
  options: CycleAndSkillOptions;
  cycleId: number | null;
  /** The cycle the edited interaction already links to (kept even when no longer open). */
  linked: { id: number; title: string } | null;
  skillIds: number[];
  /** Names of skills already chosen (archived ones stay listed). */
  chosenSkills: { id: number; name: string }[];
  errors: { coaching_cycle_id?: string; skill_ids?: string };
  onCycle: (id: number | null) => void;
  onSkills: (ids: number[]) => void;
};

export function CycleAndSkills({ options: offered, cycleId, linked, skillIds, chosenSkills, errors, onCycle, onSkills }: Props) {
  const { cyclesOn } = offered;
  const options = offered.cycles.map((c) => ({ value: String(c.id), label: `${c.title} (${c.educators.map((e) => e.name).join(', ')})` }));
  if (linked && !options.some((o) => o.value === String(linked.id))) options.unshift({ value: String(linked.id), label: linked.title });
  const domains = offered.domains.map((d) => ({
    ...d, skills: d.skills.filter((k) => (!k.archived && !d.archived) || skillIds.includes(k.id)),
  })).filter((d) => d.skills.length > 0);
  const known = new Set(domains.flatMap((d) => d.skills.map((k) => k.id)));
  const orphans = chosenSkills.filter((k) => !known.has(k.id));
  const toggle = (id: number, on: boolean) => onSkills(on ? [...skillIds, id] : skillIds.filter((x) => x !== id));

  return (
    <>
      {cyclesOn && (options.length > 0 || cycleId !== null) && (
        <SelectField label={t(m.coachingCycle)} name="coaching_cycle_id" value={cycleId ? String(cycleId) : ''} error={errors.coaching_cycle_id}
          placeholder={t(m.notPartOfCycle)} hint={t(m.cycleHint)}
          options={options} onChange={(v) => onCycle(v ? Number(v) : null)} />
      )}
      {(domains.length > 0 || orphans.length > 0) && (
        <details className="log-form__skills" open={skillIds.length > 0 || !!errors.skill_ids}>
          <summary>{skillIds.length ? t(m.focusSkillsChosen, { count: skillIds.length }) : t(m.focusSkills)}</summary>
          <div className="stack stack--sm">
            {orphans.map((k) => (
              <label key={k.id} className="custom-choices__option">
                <input type="checkbox" name="skill_ids[]" value={k.id} checked={skillIds.includes(k.id)} onChange={(e) => toggle(k.id, e.target.checked)} />
                <span>{k.name}</span>
              </label>
            ))}
            {domains.map((d) => (
              <fieldset key={d.id} className="log-form__skill-domain">
                <legend className="field__label">{d.name}</legend>
                {d.skills.map((k) => (
                  <label key={k.id} className="custom-choices__option">
                    <input type="checkbox" name="skill_ids[]" value={k.id} checked={skillIds.includes(k.id)} onChange={(e) => toggle(k.id, e.target.checked)} />
                    <span>{k.archived ? t(m.archivedName, { name: k.name }) : k.name}</span>
                  </label>
                ))}
              </fieldset>
            ))}
            <FieldErrors id="log-skills-error" errors={errors.skill_ids ? [errors.skill_ids] : []} />
          </div>
        </details>
      )}
    </>
  );
}
