import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { ERROR_ALERT_TITLE, TOAST_DURATION_MS, TOAST_SPEED_MS } from '../../common/constants';

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

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite" aria-relevant="additions" style={regionStyle}>
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} onRemove={remove} />
        ))}
      </div>
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
        aria-label="Dismiss notification"
        onClick={() => setPhase('leave')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
