import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

/**
 * Scroll to the top on navigation unless the URL has a hash (then to that element), and move focus
 * to the main region so screen-reader users hear the new page.
 */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export function RootLayout() {
  useNavigationFocus();
  return <Outlet />;
}
