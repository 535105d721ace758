import { adminNavigation } from '../navigation';
import { ShellLayout } from './ShellLayout';

export function AdminLayout() {
  return (
    <ShellLayout
      variant="admin"
      navigation={adminNavigation}
      contextLabel={() => 'Coachwell admin'}
      settingsPath="/admin/settings"
      loginPath="/admin/auth/login"
    />
  );
}
