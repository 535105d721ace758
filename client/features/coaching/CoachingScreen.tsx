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

const CyclesView = lazy(() => import('./cycles/CyclesView'));

type Tab = 'map' | 'cycles' | 'framework';

function SkillMappingPlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="skill-mapping" title="Skill mapping" planName={planName} items={[
      'rate educators on a skill framework of your own, several skills at once, linked to the observation that showed them;',
      "see every educator's current level on one heat map, filtered by school, group, coach, grade, subject or position;",
      "follow each educator's growth over time on their profile, and export the map as CSV.",
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
    { key: 'map', label: 'Skill map' },
    { key: 'cycles', label: 'Cycles' },
    ...(canEdit && mapping ? [{ key: 'framework' as const, label: 'Framework' }] : []),
  ];

  let body;
  if (tab === 'cycles') {
    body = <Suspense fallback={<LoadingBlock label="Loading cycles…" />}><CyclesView /></Suspense>;
  } else if (!mapping) {
    body = <SkillMappingPlanNote planName={user?.district?.plan.name ?? null} />;
  } else if (framework.error && !framework.data) {
    body = <Alert tone="danger" title="The skill framework could not load">{framework.error.message}</Alert>;
  } else if (!framework.data) {
    body = <LoadingBlock label="Loading the skill framework…" />;
  } else {
    body = tab === 'framework' ? <FrameworkEditor framework={framework.data} /> : <SkillMapView framework={framework.data} />;
  }

  return (
    <div className="stack coaching-page">
      <PageHeader title="Coaching" description="Where your educators stand on the skill framework, and the coaching cycles that help them grow." />
      <NavTabs
        label="Coaching views"
        tabs={tabs.map((t) => ({ key: t.key, label: t.label, to: t.key === 'map' ? location.pathname : `${location.pathname}?tab=${t.key}`, current: tab === t.key }))}
      />
      {body}
    </div>
  );
}
