// /app/self-assessment — Self-assessment (issue 29, item 3): the educator rates themself on the district's
// framework, as often as they like (every save kept; the latest per skill is what their coach sees beside
// their own rating). One column at every width, each skill a radio group of the framework's levels as big
// buttons (number and name). Self ratings never change the skill map's current levels (server rule).
// The educator's own record is the one row GET /api/staff answers an educator (`see educators.self`).
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { hasFeature, permissionScope, PERMISSIONS } from '../../../common/permissions';
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
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  loadRatingsError: { id: 'selfAssessment.loadRatingsError', defaultMessage: 'An error occurred while fetching your ratings. Please try again later.' },
  loadingRatings: { id: 'selfAssessment.loadingRatings', defaultMessage: 'Loading your ratings…' },
  onlyYouTitle: { id: 'selfAssessment.onlyYouTitle', defaultMessage: 'Only you can rate yourself' },
  onlyYouBody: { id: 'selfAssessment.onlyYouBody', defaultMessage: 'Self-assessment is given by the educator, signed in as themself.' },
  chooseOne: { id: 'selfAssessment.chooseOne', defaultMessage: 'Choose a level for at least one skill.' },
  saved: { id: 'selfAssessment.saved', defaultMessage: 'Self-assessment saved: {count, plural, one {# skill} other {# skills}}.' },
  lastOn: { id: 'selfAssessment.lastOn', defaultMessage: 'Your last self-assessment was on {day}.' },
  notYet: { id: 'selfAssessment.notYet', defaultMessage: 'You have not rated yourself yet.' },
  chosen: { id: 'selfAssessment.chosen', defaultMessage: '{count, plural, one {# skill} other {# skills}} of {total} chosen.' },
  save: { id: 'selfAssessment.save', defaultMessage: 'Save self-assessment' },
  title: { id: 'selfAssessment.title', defaultMessage: 'Self-assessment' },
  planItem1: { id: 'selfAssessment.planItem1', defaultMessage: 'rate yourself on your district\'s skill framework, as often as you like;' },
  planItem2: { id: 'selfAssessment.planItem2', defaultMessage: 'see your own ratings beside your coach\'s on your profile;' },
  planItem3: { id: 'selfAssessment.planItem3', defaultMessage: 'give your coach a starting point for the next conversation.' },
  notEducatorTitle: { id: 'selfAssessment.notEducatorTitle', defaultMessage: 'Self-assessment is for educators' },
  notEducatorBody: { id: 'selfAssessment.notEducatorBody', defaultMessage: 'Educators rate themselves here. To rate an educator, use Rate skills on their profile or the <link>skill map</link>.' },
  loadError: { id: 'selfAssessment.loadError', defaultMessage: 'An error occurred while fetching your self-assessment. Please try again later.' },
  loadingFramework: { id: 'selfAssessment.loadingFramework', defaultMessage: 'Loading the skill framework…' },
  notLinkedTitle: { id: 'selfAssessment.notLinkedTitle', defaultMessage: 'Your login is not linked to an educator record' },
  notLinkedBody: { id: 'selfAssessment.notLinkedBody', defaultMessage: 'Ask your district administrator to link your educator record to this login.' },
  description: { id: 'selfAssessment.description', defaultMessage: 'Rate yourself on your district\'s framework, as often as you like. Your coach sees your ratings beside theirs; they never change the levels your coaches give.' },
  seeBoth: { id: 'selfAssessment.seeBoth', defaultMessage: 'See both on <link>your profile</link>.' },
});

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

  if (skills.error && !skills.data) return <LoadError message={t(m.loadRatingsError)} onRetry={() => void skills.mutate()} />;
  if (!skills.data) return <LoadingBlock label={t(m.loadingRatings)} />;
  if (!skills.data.can_self_assess) {
    return <Alert tone="info" title={t(m.onlyYouTitle)}>{t(m.onlyYouBody)}</Alert>;
  }
  const lastDay = skills.data.self.reduce<string | null>((last, r) => (last === null || r.rated_on > last ? r.rated_on : last), null);
  const chosen = allSkills.filter((s) => choices[s.id] !== undefined);
  const levelName = (level: number) => framework.levels.find((l) => l.level === level)?.name ?? String(level);

  const submit = form.onSubmit(async () => {
    if (chosen.length === 0) {
      form.fail({ fields: {}, form: t(m.chooseOne) });
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
            const match = /^ratings\.(\d+)\./.exec(field);
            const skill = match ? ratings[Number(match[1])] : undefined;
            errors[skill ? fieldOf(skill.skill_id) : field] = messages;
          }
          throw new ApiError(422, err.message, err.code, errors);
        }
        throw err;
      }
      setTouched(false);
      toast.success(t(m.saved, { count: ratings.length }));
    });
  });

  return (
    <form ref={form.formRef} className="stack self-assessment" noValidate onSubmit={submit}>
      <p className="self-assessment__status" aria-live="polite">
        {lastDay ? t(m.lastOn, { day: formatDay(lastDay, locale) }) : t(m.notYet)}
        {' '}{t(m.chosen, { count: chosen.length, total: allSkills.length })}
      </p>
      <FormContent form={form} submitLabel={t(m.save)} actionsClassName="self-assessment__actions">
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
      <PlanFeatureCard feature="skill-mapping" title={t(m.title)} planName={user?.district?.plan.name ?? null} items={[
        t(m.planItem1), t(m.planItem2), t(m.planItem3),
      ]} />
    );
  } else if (!educator) {
    body = (
      <EmptyState title={t(m.notEducatorTitle)}>
        <p>{tRich(m.notEducatorBody, { link: (chunks) => <Link to="/app/coaching">{chunks}</Link> })}</p>
      </EmptyState>
    );
  } else if ((framework.error && !framework.data) || (own.error && !own.data)) {
    body = <LoadError message={t(m.loadError)} onRetry={() => { void framework.mutate(); void own.mutate(); }} />;
  } else if (!framework.data || !own.data) {
    body = <LoadingBlock label={t(m.loadingFramework)} />;
  } else if (own.data.length !== 1) {
    body = (
      <EmptyState title={t(m.notLinkedTitle)}>
        <p>{t(m.notLinkedBody)}</p>
      </EmptyState>
    );
  } else {
    body = <SelfAssessmentForm staffId={own.data[0]!.id} framework={framework.data} />;
  }

  return (
    <div className="stack self-assessment-page">
      <PageHeader title={t(m.title)} description={<>
        {t(m.description)}
        {educator && own.data?.length === 1 && <> {tRich(m.seeBoth, { link: (chunks) => <Link to={`/app/staff/${own.data![0]!.id}#staff-skills`}>{chunks}</Link> })}</>}
      </>} />
      {body}
    </div>
  );
}
