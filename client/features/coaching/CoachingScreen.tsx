// /app/coaching — Coaching (`see skill mapping`): the coaching workspace. Tabs, kept in the URL
// (?tab=…): "Skill map" (the heat map, skills/SkillMapView), "Cycles" (the coaching cycles developer's
// cycles/CyclesView) and, for `manage settings`, "Framework" (skills/FrameworkEditor). Skill mapping
// needs the plan feature `skill-mapping`: without it the tab explains the Professional plan.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { NavTabs } from '../../components/NavTabs';
import { PageHeader } from '../../components/PageHeader';
import { PlanFeatureCard } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { useSkillFramework } from '../../lib/lookups';
import { useAuthUser } from '../../lib/session';
import { preloadSkillMap } from './skills/api';
import FrameworkEditor from './skills/FrameworkEditor';
import SkillMapView from './skills/SkillMapView';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  mapping: { id: 'coaching.planMapping', defaultMessage: 'Skill mapping' },
  item1: { id: 'coaching.planItem1', defaultMessage: 'rate educators on a skill framework of your own, several skills at once, linked to the observation that showed them;' },
  item2: { id: 'coaching.planItem2', defaultMessage: "see every educator's current level on one heat map, filtered by school, group, coach, grade, subject or position;" },
  item3: { id: 'coaching.planItem3', defaultMessage: "follow each educator's growth over time on their profile, and export the map as CSV." },
  tabMap: { id: 'coaching.tabMap', defaultMessage: 'Skill map' },
  tabCycles: { id: 'coaching.tabCycles', defaultMessage: 'Cycles' },
  tabFramework: { id: 'coaching.tabFramework', defaultMessage: 'Framework' },
  loadingCycles: { id: 'coaching.loadingCycles', defaultMessage: 'Loading cycles…' },
  frameworkFailed: { id: 'coaching.frameworkFailed', defaultMessage: 'The skill framework could not load' },
  loadingFramework: { id: 'coaching.loadingFramework', defaultMessage: 'Loading the skill framework…' },
  title: { id: 'coaching.title', defaultMessage: 'Coaching' },
  intro: { id: 'coaching.intro', defaultMessage: 'Where your educators stand on the skill framework, and the coaching cycles that help them grow.' },
  views: { id: 'coaching.views', defaultMessage: 'Coaching views' },
});

const CyclesView = lazy(() => import('./cycles/CyclesView'));

type Tab = 'map' | 'cycles' | 'framework';

function SkillMappingPlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="skill-mapping" title={t(m.mapping)} planName={planName} items={[
      t(m.item1),
      t(m.item2),
      t(m.item3),
    ]} />
  );
}

export default function CoachingScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const location = useLocation();
  const features = user?.district?.features ?? [];
  const mapping = hasFeature(features, 'skill-mapping');
  const canEdit = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  const asked = new URLSearchParams(location.search).get('tab');
  const tab: Tab = asked === 'cycles' ? 'cycles' : asked === 'framework' && canEdit && mapping ? 'framework' : 'map';
  const framework = useSkillFramework(mapping);
  // The map's page is asked for beside the framework, not after it.
  const preloadMap = tab === 'map' && mapping && !framework.data;
  useEffect(() => {
    if (preloadMap) preloadSkillMap(location.search);
  }, [preloadMap, location.search]);

  const tabs: { key: Tab; label: string }[] = [
    { key: 'map', label: t(m.tabMap) },
    { key: 'cycles', label: t(m.tabCycles) },
    ...(canEdit && mapping ? [{ key: 'framework' as const, label: t(m.tabFramework) }] : []),
  ];

  let body;
  if (tab === 'cycles') {
    body = <Suspense fallback={<LoadingBlock label={t(m.loadingCycles)} />}><CyclesView /></Suspense>;
  } else if (!mapping) {
    body = <SkillMappingPlanNote planName={user?.district?.plan.name ?? null} />;
  } else if (framework.error && !framework.data) {
    body = <Alert tone="danger" title={t(m.frameworkFailed)}>{framework.error.message}</Alert>;
  } else if (!framework.data) {
    body = <LoadingBlock label={t(m.loadingFramework)} />;
  } else {
    body = tab === 'framework' ? <FrameworkEditor framework={framework.data} /> : <SkillMapView framework={framework.data} />;
  }

  return (
    <div className="stack coaching-page">
      <PageHeader title={t(m.title)} description={t(m.intro)} />
      <NavTabs
        label={t(m.views)}
        tabs={tabs.map((x) => ({ key: x.key, label: x.label, to: x.key === 'map' ? location.pathname : `${location.pathname}?tab=${x.key}`, current: tab === x.key }))}
      />
      {body}
    </div>
  );
}
