import { lazy, Suspense } from 'react';
import { appNavigation } from '../navigation';
import { ShellLayout } from './ShellLayout';

// The alert banner is its own chunk, loaded after the shell has rendered: it never delays first paint.
const AlertBanner = lazy(() => import('../../features/alerts/AlertBanner'));

export function DashboardLayout() {
  return (
    <ShellLayout
      variant="app"
      navigation={appNavigation}
      contextLabel={(user) => user.district?.name ?? 'Coachwell'}
      settingsPath="/app/settings"
      loginPath="/app/auth/login"
      banner={<Suspense fallback={null}><AlertBanner /></Suspense>}
    />
  );
}
