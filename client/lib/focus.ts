// Focus that must wait for a render: after a move or a save the list re-renders, then the button the
// person pressed (found by its id) gets focus back.
import { useEffect, useRef } from 'react';

/** `focusAfter(id)`: after the next render that shows the element with that id, focus it (once). */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const el = document.getElementById(pending.current);
    if (el) {
      el.focus();
      pending.current = null;
    }
  });
  return (id: string) => {
    pending.current = id;
  };
}
