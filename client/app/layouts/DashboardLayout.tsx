import { lazy, Suspense } from 'react';
import { appNavigation } from '../navigation';
import { ShellLayout } from './ShellLayout';

// The alert and trial banners are their own chunks, loaded after the shell has rendered: they never delay
// first paint. A boundary each, so their chunks load side by side rather than one after the other.
const AlertBanner = lazy(() => import('../../features/alerts/AlertBanner'));
const TrialBanner = lazy(() => import('../../features/trial/TrialBanner'));

export function DashboardLayout() {
  return (
    <ShellLayout
      variant="app"
      navigation={appNavigation}
      contextLabel={(user) => user.district?.name ?? 'Coachwell'}
      settingsPath="/app/settings"
      loginPath="/app/auth/login"
      banner={<><Suspense fallback={null}><TrialBanner /></Suspense><Suspense fallback={null}><AlertBanner /></Suspense></>}
    />
  );
}
