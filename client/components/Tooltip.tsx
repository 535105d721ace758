import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactElement, ReactNode } from 'react';
import { TOOLTIP_DISPOSE_MS, TOOLTIP_TRIGGER } from '../../common/constants';
import { EDGE_GAP_PX, fitSideways } from './floating';

const triggers: readonly string[] = TOOLTIP_TRIGGER;
const onHover = triggers.includes('hover');
const onFocusTrigger = triggers.includes('focus');

type TriggerProps = {
  'aria-describedby'?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
};

export type TooltipProps = {
  /** Short supplementary text; never put essential information or interactive content here. */
  content: ReactNode;
  /** A single focusable element (button, link…). Disabled buttons can't receive focus: wrap the reason elsewhere. */
  children: ReactElement<TriggerProps>;
  className?: string;
  /** Open from the first render (a trigger mounted under the pointer, as the skill map's hovered cell is). */
  initiallyOpen?: boolean;
};

/** Tooltip shown on hover and focus, dismissible with Escape, hoverable, auto-hides after TOOLTIP_DISPOSE_MS. */
export function Tooltip({ content, children, className, initiallyOpen = false }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [below, setBelow] = useState(false);
  const wrapRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);

  // Escape anywhere dismisses (WCAG 1.4.13), and the tooltip disposes itself after a while.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    const timer = setTimeout(() => setOpen(false), TOOLTIP_DISPOSE_MS);
    return () => {
      document.removeEventListener('keydown', onKey);
      clearTimeout(timer);
    };
  }, [open]);

  // Keep the bubble inside the viewport: flip below when there is no room above, shift sideways at the edges.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const bubble = bubbleRef.current;
    if (!open || !wrap || !bubble) return;
    const { anchor, rect } = fitSideways(wrap, bubble);
    setBelow(anchor.top - rect.height - 2 * EDGE_GAP_PX < 0);
  }, [open]);

  const trigger = cloneElement(children, {
    'aria-describedby': [children.props['aria-describedby'], id].filter(Boolean).join(' '),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      children.props.onKeyDown?.(e);
      if (e.key === 'Escape' && open) setOpen(false);
    },
  });

  return (
    <span
      ref={wrapRef}
      className={['tooltip-wrap', className].filter(Boolean).join(' ')}
      onMouseEnter={onHover ? () => setOpen(true) : undefined}
      onMouseLeave={onHover ? () => setOpen(false) : undefined}
      onFocus={onFocusTrigger ? () => setOpen(true) : undefined}
      onBlur={
        onFocusTrigger
          ? (e: FocusEvent<HTMLSpanElement>) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
            }
          : undefined
      }
    >
      {trigger}
      <span
        ref={bubbleRef}
        id={id}
        role="tooltip"
        className={below ? 'tooltip tooltip--below' : 'tooltip'}
        hidden={!open}
      >
        {content}
      </span>
    </span>
  );
}
