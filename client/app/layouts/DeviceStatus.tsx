// The app area's device status (issue 31), in the signed-in shell's banner slot above every screen (DashboardLayout
// loads it lazily, after the shell renders; nothing of it on the sign-in pages):
// - registers the service worker (client/lib/serviceWorker.ts, itself loaded lazily: Workbox stays out of the
//   first paint and of the login page) and names the signed-in person to it; while provider staff impersonate
//   someone, no worker is registered and a running one is told to keep nothing;
// - "Offline · as of 9:41": the screen shows answers the worker served from the device's cache (or the browser
//   has no network), with the time they were stored on the person's clock; a polite status region;
// - "A new version is ready." with a Reload button when a new build's worker waits to take over.
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { tellWorker, useAnswersCachedAt, useOnline } from '../../lib/offline';
import { todayIn } from '../../lib/dates';
import { useAuthUser, useInstantFormat } from '../../lib/session';
import './deviceStatus.css';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  offline: { id: 'app.device.offline', defaultMessage: 'Offline' },
  offlineAsOf: { id: 'app.device.offlineAsOf', defaultMessage: 'Offline · as of {time}' },
  newVersion: { id: 'app.device.newVersion', defaultMessage: 'A new version is ready.' },
  reload: { id: 'app.device.reload', defaultMessage: 'Reload' },
});

function CloudOffIcon() {
  return (
    <svg className="device-status__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 3l18 18" />
      <path d="M8.5 6.3A6 6 0 0 1 17.7 10H18a4 4 0 0 1 2.6 7" />
      <path d="M17 19H7a5 5 0 0 1-1.6-9.7" />
    </svg>
  );
}

/** "Offline · as of 9:41 AM" (stored today on the person's clock), else with the day; "Offline" with nothing stored. */
export function useOfflineLabel(): string | null {
  const online = useOnline();
  const cachedAt = useAnswersCachedAt();
  const { date, timeZone } = useInstantFormat();
  if (online && cachedAt === null) return null;
  if (cachedAt === null) return t(m.offline);
  // Today is asked only here: a zone's first date format costs a slow phone about 20 ms (issue 35), which every
  // page paid in its first render for a label it does not show while online.
  const today = todayIn(timeZone);
  return t(m.offlineAsOf, { time: date(cachedAt, 'yyyy-MM-dd') === today ? date(cachedAt, 'p') : date(cachedAt, 'PPp') });
}

export default function DeviceStatus() {
  const { user } = useAuthUser();
  const offline = useOfflineLabel();
  const [updateReady, setUpdateReady] = useState(false);
  const [reloading, setReloading] = useState(false);
  const userId = user?.id;
  const impersonating = Boolean(user?.impersonating);

  useEffect(() => {
    if (userId === undefined) return undefined;
    if (impersonating) {
      void tellWorker({ type: 'coachwell-user', userId: null }).catch(() => undefined);
      return undefined;
    }
    let live = true;
    let stop: (() => void) | undefined;
    void import('../../lib/serviceWorker').then((sw) => {
      if (!live) return;
      stop = sw.onUpdateReady(() => setUpdateReady(true));
      if (sw.isUpdateReady()) setUpdateReady(true);
      return sw.startServiceWorker(userId);
    }).catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [userId, impersonating]);

  async function reload() {
    setReloading(true);
    (await import('../../lib/serviceWorker')).applyUpdate();
  }

  return (
    <div className="device-status">
      <p className="device-status__offline" role="status">
        {offline && <><CloudOffIcon />{offline}</>}
      </p>
      {updateReady && (
        <div className="device-status__update" role="status">
          <p>{t(m.newVersion)}</p>
          <Button size="sm" variant="secondary" busy={reloading} onClick={() => void reload()}>{t(m.reload)}</Button>
        </div>
      )}
    </div>
  );
}
