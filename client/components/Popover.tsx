import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { POPOVER_TRIGGER, TOOLTIP_DISPOSE_MS, TOUCH_CLOSE_TOLERANCE_PX } from '../../common/constants';
import { EDGE_GAP_PX, fitSideways } from './floating';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  close: { id: 'ui.popover.close', defaultMessage: 'Close' },
});

const openOnClick = (POPOVER_TRIGGER as readonly string[]).includes('click');

export type Point = { x: number; y: number };

/** A touch that moved less than `tolerance` pixels is a tap; anything further is a scroll/drag. */
export function isTap(start: Point, end: Point, tolerance: number = TOUCH_CLOSE_TOLERANCE_PX): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < tolerance;
}

export type PopoverProps = {
  /** Content of the trigger button (text, or an icon plus triggerLabel). */
  trigger: ReactNode;
  /** Accessible name of the trigger when `trigger` is not text (e.g. an icon). */
  triggerLabel?: string;
  /** Classes for the trigger button; defaults to a small secondary button. */
  triggerClassName?: string;
  title?: ReactNode;
  children: ReactNode;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  className?: string;
};

/**
 * Click-to-open, non-modal popover. Closes on Escape, outside click, outside tap
 * (a touch that scrolls does not close it) and after TOOLTIP_DISPOSE_MS without interaction.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName = 'btn btn--secondary btn--sm',
  title,
  children,
  align = 'start',
  className,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [below, setBelow] = useState(true);
  const [engaged, setEngaged] = useState(false);
  const panelId = useId();
  const triggerId = useId();
  const titleId = useId();
  const wrapRef = useRef<HTMLSpanElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<Point | null>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setEngaged(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  // Outside click / tap / Escape.
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && wrapRef.current?.contains(target));
    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' && outside(e.target)) close(false);
    };
    const onTouchStart = (e: TouchEvent) => {
      const t = e.touches[0];
      touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
    };
    const onTouchEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      const start = touchStart.current;
      touchStart.current = null;
      if (start && t && isTap(start, { x: t.clientX, y: t.clientY }) && outside(e.target)) close(false);
    };
    const onTouchCancel = () => {
      touchStart.current = null;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        const hadFocus = wrapRef.current?.contains(document.activeElement) ?? false;
        close(hadFocus);
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('touchstart', onTouchStart, { capture: true, passive: true });
    document.addEventListener('touchend', onTouchEnd, { capture: true, passive: true });
    document.addEventListener('touchcancel', onTouchCancel, { capture: true, passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('touchstart', onTouchStart, true);
      document.removeEventListener('touchend', onTouchEnd, true);
      document.removeEventListener('touchcancel', onTouchCancel, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  // Auto-dispose after TOOLTIP_DISPOSE_MS; the clock is paused while the pointer or focus is inside the panel.
  useEffect(() => {
    if (!open || engaged) return;
    const timer = setTimeout(() => close(false), TOOLTIP_DISPOSE_MS);
    return () => clearTimeout(timer);
  }, [open, engaged, close]);

  // Keep the panel on screen: shift sideways at viewport edges, open upwards when there is no room below.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const panel = panelRef.current;
    if (!open || !wrap || !panel) return;
    const { anchor, rect } = fitSideways(wrap, panel);
    const roomBelow = window.innerHeight - anchor.bottom;
    setBelow(roomBelow >= rect.height + 2 * EDGE_GAP_PX || anchor.top < rect.height + 2 * EDGE_GAP_PX);
  }, [open]);

  const panelClass = ['popover', `popover--${align}`, below ? 'popover--below' : 'popover--above'].join(' ');

  return (
    <span
      ref={wrapRef}
      className={['popover-wrap', className].filter(Boolean).join(' ')}
      onBlur={(e) => {
        // Keyboard users tabbing past the popover close it.
        const next = e.relatedTarget as Node | null;
        if (open && next && !e.currentTarget.contains(next)) close(false);
      }}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={openOnClick ? () => (open ? close(false) : setOpen(true)) : undefined}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-labelledby={title ? titleId : triggerId}
        className={panelClass}
        hidden={!open}
        onPointerEnter={(e) => e.pointerType !== 'touch' && setEngaged(true)}
        onPointerLeave={(e) => e.pointerType !== 'touch' && setEngaged(false)}
        onFocus={() => setEngaged(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setEngaged(false);
        }}
      >
        <div className="popover__header">
          {title && (
            <p className="popover__title" id={titleId}>
              {title}
            </p>
          )}
          <button type="button" className="popover__close" aria-label={t(m.close)} onClick={() => close(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="popover__body">{children}</div>
      </div>
    </span>
  );
}
