// /app/self-assessment — Self-assessment (issue 29, item 3): the educator rates themself on the district's
// framework, as often as they like (every save kept; the latest per skill is what their coach sees beside
// their own rating). One column at every width, each skill a radio group of the framework's levels as big
// buttons (number and name). Self ratings never change the skill map's current levels (server rule).
// The educator's own record is the one row GET /api/staff answers an educator (`see educators.self`).
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { hasFeature, permissionScope, PERMISSIONS } from '../../../common/permissions';
import { plural } from '../../../common/plural';
import type { SkillFramework } from '../../../common/schemas/skills';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { FormContent } from '../../components/Form';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { PlanFeatureCard } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { formatDay } from '../../lib/dates';
import { useSubmitState } from '../../lib/forms';
import { activeDomains, useOwnEducator, useSkillFramework } from '../../lib/lookups';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { levelColour, selfAssess, useEducatorSkills } from '../../lib/skills';

const fieldOf = (skillId: number) => `skill-${skillId}`;

function SelfAssessmentForm({ staffId, framework }: { staffId: number; framework: SkillFramework }) {
  const skills = useEducatorSkills(staffId);
  const toast = useToast();
  const locale = useDateLocale();
  const domains = useMemo(() => activeDomains(framework), [framework]);
  const allSkills = useMemo(() => domains.flatMap((d) => d.skills), [domains]);
  const maxLevel = Math.max(1, ...framework.levels.map((l) => l.level));
  const [choices, setChoices] = useState<Record<number, number>>({});
  const [touched, setTouched] = useState(false);
  const form = useSubmitState(() => allSkills.map((s) => fieldOf(s.id)));

  // Start from the latest self-assessment, once it has loaded (and again after each save).
  const self = skills.data?.self;
  useEffect(() => {
    if (self && !touched) setChoices(Object.fromEntries(self.map((r) => [r.skill_id, r.level])));
  }, [self, touched]);

  if (skills.error && !skills.data) return <LoadError what="your ratings" onRetry={() => void skills.mutate()} />;
  if (!skills.data) return <LoadingBlock label="Loading your ratings…" />;
  if (!skills.data.can_self_assess) {
    return <Alert tone="info" title="Only you can rate yourself">Self-assessment is given by the educator, signed in as themself.</Alert>;
  }
  const lastDay = skills.data.self.reduce<string | null>((last, r) => (last === null || r.rated_on > last ? r.rated_on : last), null);
  const chosen = allSkills.filter((s) => choices[s.id] !== undefined);
  const levelName = (level: number) => framework.levels.find((l) => l.level === level)?.name ?? String(level);

  const submit = form.onSubmit(async () => {
    if (chosen.length === 0) {
      form.fail({ fields: {}, form: 'Choose a level for at least one skill.' });
      return;
    }
    const ratings = chosen.map((s) => ({ skill_id: s.id, level: choices[s.id]! }));
    await form.run(async () => {
      try {
        await selfAssess(staffId, { ratings });
      } catch (err) {
        // ratings.N.level / ratings.N.skill_id name the Nth skill sent: shown on that skill.
        if (err instanceof ApiError && err.status === 422) {
          const errors: Record<string, string[]> = {};
          for (const [field, messages] of Object.entries(err.errors)) {
            const m = /^ratings\.(\d+)\./.exec(field);
            const skill = m ? ratings[Number(m[1])] : undefined;
            errors[skill ? fieldOf(skill.skill_id) : field] = messages;
          }
          throw new ApiError(422, err.message, err.code, errors);
        }
        throw err;
      }
      setTouched(false);
      toast.success(`Self-assessment saved: ${plural(ratings.length, 'skill', 'skills')}.`);
    });
  });

  return (
    <form ref={form.formRef} className="stack self-assessment" noValidate onSubmit={submit}>
      <p className="self-assessment__status" aria-live="polite">
        {lastDay ? `Your last self-assessment was on ${formatDay(lastDay, locale)}.` : 'You have not rated yourself yet.'}
        {' '}{plural(chosen.length, 'skill', 'skills')} of {allSkills.length} chosen.
      </p>
      <FormContent form={form} submitLabel="Save self-assessment" actionsClassName="self-assessment__actions">
        {domains.map((d) => (
          <fieldset key={d.id} className="self-assessment__domain">
            <legend>{d.name}</legend>
            {d.description && <p className="muted text-sm self-assessment__about">{d.description}</p>}
            {d.skills.map((s) => {
              const field = fieldOf(s.id);
              const error = form.errors[field];
              const nameId = `self-${s.id}-name`;
              const errorId = `self-${s.id}-error`;
              return (
                <div key={s.id} className="self-assessment__skill" role="radiogroup" aria-labelledby={nameId}
                  aria-describedby={error ? errorId : undefined}>
                  <div className="self-assessment__name" id={nameId}>{s.name}</div>
                  {s.description && <p className="muted text-sm self-assessment__about">{s.description}</p>}
                  <div className="self-assessment__levels">
                    {framework.levels.map((l) => {
                      const on = choices[s.id] === l.level;
                      const colour = levelColour(l.level, maxLevel);
                      return (
                        <label key={l.level} className={on ? 'self-level self-level--on' : 'self-level'}
                          style={on ? { background: colour.bg, color: colour.fg, borderColor: colour.fg } : undefined}>
                          <input type="radio" name={field} value={l.level} checked={on} aria-invalid={error ? true : undefined}
                            onChange={() => { setTouched(true); setChoices((c) => ({ ...c, [s.id]: l.level })); }} />
                          <span className="self-level__num" aria-hidden="true">{l.level}</span>
                          <span className="self-level__name">{l.name}</span>
                        </label>
                      );
                    })}
                  </div>
                  {choices[s.id] !== undefined && (
                    <p className="sr-only">{s.name}: {choices[s.id]} · {levelName(choices[s.id]!)}</p>
                  )}
                  {error && <p id={errorId} className="field__error">{error}</p>}
                </div>
              );
            })}
          </fieldset>
        ))}
      </FormContent>
    </form>
  );
}

export default function SelfAssessmentScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const mapping = hasFeature(user?.district?.features ?? [], 'skill-mapping');
  const educator = !!user && permissionScope(user.security.permissions, PERMISSIONS.seeEducators) === 'self';
  const framework = useSkillFramework(mapping);
  const own = useOwnEducator(mapping && educator);

  let body;
  if (!mapping) {
    body = (
      <PlanFeatureCard feature="skill-mapping" title="Self-assessment" planName={user?.district?.plan.name ?? null} items={[
        "rate yourself on your district's skill framework, as often as you like;",
        'see your own ratings beside your coach\'s on your profile;',
        'give your coach a starting point for the next conversation.',
      ]} />
    );
  } else if (!educator) {
    body = (
      <EmptyState title="Self-assessment is for educators">
        <p>Educators rate themselves here. To rate an educator, use Rate skills on their profile or the <Link to="/app/coaching">skill map</Link>.</p>
      </EmptyState>
    );
  } else if ((framework.error && !framework.data) || (own.error && !own.data)) {
    body = <LoadError what="your self-assessment" onRetry={() => { void framework.mutate(); void own.mutate(); }} />;
  } else if (!framework.data || !own.data) {
    body = <LoadingBlock label="Loading the skill framework…" />;
  } else if (own.data.length !== 1) {
    body = (
      <EmptyState title="Your login is not linked to an educator record">
        <p>Ask your district administrator to link your educator record to this login.</p>
      </EmptyState>
    );
  } else {
    body = <SelfAssessmentForm staffId={own.data[0]!.id} framework={framework.data} />;
  }

  return (
    <div className="stack self-assessment-page">
      <PageHeader title="Self-assessment" description={<>
        Rate yourself on your district&apos;s framework, as often as you like. Your coach sees your ratings beside theirs;
        they never change the levels your coaches give.
        {educator && own.data?.length === 1 && <> See both on <Link to={`/app/staff/${own.data[0]!.id}#staff-skills`}>your profile</Link>.</>}
      </>} />
      {body}
    </div>
  );
}
