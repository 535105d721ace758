import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ERROR_ALERT_TITLE, TOAST_DURATION_MS, TOAST_SPEED_MS } from '../../common/constants';
import { defineMessages, t as translate } from '../lib/i18n';

const m = defineMessages({
  dismiss: { id: 'ui.toasts.dismiss', defaultMessage: 'Dismiss notification' },
});

export type ToastTone = 'success' | 'error' | 'info';

type ToastItem = { id: number; tone: ToastTone; message: string; title?: string };

export type ToastApi = {
  success: (message: string, title?: string) => void;
  error: (message: string, title?: string) => void;
  info: (message: string, title?: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}

/** Transition speed for the toast stack, from the shared constant (read by styles.css). */
const regionStyle = { '--toast-speed': `${TOAST_SPEED_MS}ms` } as CSSProperties;

/**
 * Where the toasts live: the page's body, or the topmost open modal dialog. A modal <dialog> sits in the
 * browser's top layer, above any z-index, and makes everything outside it inert (hidden from screen
 * readers too); so while one is open the toast region moves inside it, on top of the dialog and still
 * announced. One holder element is moved, never re-rendered, so a toast keeps its timer across the move.
 */
function useToastHolder(): HTMLElement | null {
  const [holder] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  useLayoutEffect(() => {
    if (!holder) return;
    holder.className = 'toast-holder';
    const opened: HTMLDialogElement[] = Array.from(document.querySelectorAll('dialog')).filter((d) => d.matches(':modal'));
    const place = () => {
      for (let i = opened.length - 1; i >= 0; i--) if (!opened[i]!.isConnected || !opened[i]!.matches(':modal')) opened.splice(i, 1);
      const target = opened.at(-1) ?? document.body;
      if (holder.parentNode !== target) target.appendChild(holder);
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (r.type === 'attributes' && el instanceof HTMLDialogElement && el.matches(':modal') && !opened.includes(el)) opened.push(el);
      }
      place();
    });
    // childList too: a dialog unmounted while open takes the holder with it.
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    place();
    return () => {
      observer.disconnect();
      holder.remove();
    };
  }, [holder]);
  return holder;
}

type Edge = 'top' | 'bottom';

/**
 * Keeps the toasts off the element that has focus (WCAG 2.2, 2.4.11 Focus Not Obscured): after a save
 * focus goes back to the button that opened the dialog, which may sit where the toasts appear (the top
 * bar's actions at 1366 px, a row near the top on a phone). While toasts show, each time focus moves (and
 * when a toast arrives) the region moves to the other edge of the screen if it overlaps the focused
 * element; it goes back to the top once the last toast has gone.
 */
function useClearOfFocus(showing: boolean) {
  const regionRef = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<Edge>('top');
  useEffect(() => {
    if (!showing) {
      setEdge('top');
      return;
    }
    const check = () => {
      const region = regionRef.current;
      const focused = document.activeElement;
      if (!region || !(focused instanceof HTMLElement) || focused === document.body || region.contains(focused)) return;
      const r = region.getBoundingClientRect();
      const f = focused.getBoundingClientRect();
      const overlaps = r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom;
      if (overlaps) setEdge(f.top + f.height / 2 < window.innerHeight / 2 ? 'bottom' : 'top');
    };
    // A passive effect: a dialog closed in the same update has handed focus back already. A toast
    // added later makes the region taller: the observer checks again.
    check();
    document.addEventListener('focusin', check);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    if (regionRef.current) observer?.observe(regionRef.current);
    return () => {
      document.removeEventListener('focusin', check);
      observer?.disconnect();
    };
  }, [showing]);
  return { regionRef, edge };
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const push = useCallback((tone: ToastTone, message: string, title?: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, tone, message, title }]);
  }, []);

  const remove = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, title) => push('success', message, title),
      error: (message, title = ERROR_ALERT_TITLE) => push('error', message, title),
      info: (message, title) => push('info', message, title),
    }),
    [push],
  );

  const holder = useToastHolder();
  const { regionRef, edge } = useClearOfFocus(toasts.length > 0);
  const region = (
    <div ref={regionRef} className={edge === 'bottom' ? 'toast-region toast-region--bottom' : 'toast-region'} aria-live="polite" aria-relevant="additions" style={regionStyle}>
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} onRemove={remove} />
      ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {holder ? createPortal(region, holder) : region}
    </ToastContext.Provider>
  );
}

type Phase = 'enter' | 'shown' | 'leave';

function Toast({ toast, onRemove }: { toast: ToastItem; onRemove: (id: number) => void }) {
  const [phase, setPhase] = useState<Phase>('enter');
  const [paused, setPaused] = useState(false);

  // Enter: flip to "shown" on the next frames so the CSS transition runs.
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPhase((p) => (p === 'enter' ? 'shown' : p)));
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // Auto-dismiss after TOAST_DURATION_MS (paused while hovered or focused, restarts afterwards).
  useEffect(() => {
    if (paused || phase === 'leave') return;
    const timer = setTimeout(() => setPhase('leave'), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, phase]);

  // Leave: remove once the fade/slide-out has finished.
  useEffect(() => {
    if (phase !== 'leave') return;
    const timer = setTimeout(() => onRemove(toast.id), TOAST_SPEED_MS);
    return () => clearTimeout(timer);
  }, [phase, onRemove, toast.id]);

  const className = [
    'toast',
    `toast--${toast.tone}`,
    phase === 'shown' && 'toast--visible',
    phase === 'leave' && 'toast--leaving',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={className}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {toast.title && <strong className="toast__title">{toast.title}</strong>}
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={translate(m.dismiss)}
        onClick={() => setPhase('leave')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
