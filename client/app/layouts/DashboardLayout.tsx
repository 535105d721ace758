import { lazy, Suspense } from 'react';
import { appNavigation } from '../navigation';
import { ShellLayout } from './ShellLayout';

// The alert and trial banners are their own chunks, loaded after the shell has rendered: they never delay
// first paint. A boundary each, so their chunks load side by side rather than one after the other.
const AlertBanner = lazy(() => import('../../features/alerts/AlertBanner'));
const TrialBanner = lazy(() => import('../../features/trial/TrialBanner'));
// The offline marker, the "new version" bar and the service worker's registration (issue 31): the app area only.
const DeviceStatus = lazy(() => import('./DeviceStatus'));

export function DashboardLayout() {
  return (
    <ShellLayout
      variant="app"
      navigation={appNavigation}
      contextLabel={(user) => user.district?.name ?? 'Coachwell'}
      settingsPath="/app/settings"
      loginPath="/app/auth/login"
      banner={<><Suspense fallback={null}><DeviceStatus /></Suspense><Suspense fallback={null}><TrialBanner /></Suspense><Suspense fallback={null}><AlertBanner /></Suspense></>}
    />
  );
}
