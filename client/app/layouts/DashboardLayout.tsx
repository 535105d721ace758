import { appNavigation } from '../navigation';
import { ShellLayout } from './ShellLayout';

export function DashboardLayout() {
  return (
    <ShellLayout
      variant="app"
      navigation={appNavigation}
      contextLabel={(user) => user.district?.name ?? 'Coachwell'}
      settingsPath="/app/settings"
      loginPath="/app/auth/login"
    />
  );
}
