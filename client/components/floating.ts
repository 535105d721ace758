// What Tooltip and Popover share in placing their floating box beside the trigger.

/** The space kept between a floating box and the viewport's edges (and above or below its anchor). */
export const EDGE_GAP_PX = 8;

/**
 * Shifts a floating box sideways so that it stays EDGE_GAP_PX inside the viewport's left and right
 * edges, and answers the anchor's and the box's rectangles for the caller's choice of above or below.
 */
export function fitSideways(anchorElement: HTMLElement, box: HTMLElement): { anchor: DOMRect; rect: DOMRect } {
  box.style.marginLeft = '';
  const anchor = anchorElement.getBoundingClientRect();
  const rect = box.getBoundingClientRect();
  const viewportWidth = document.documentElement.clientWidth;
  let shift = 0;
  if (rect.left < EDGE_GAP_PX) shift = EDGE_GAP_PX - rect.left;
  else if (rect.right > viewportWidth - EDGE_GAP_PX) shift = viewportWidth - EDGE_GAP_PX - rect.right;
  if (shift) box.style.marginLeft = `${Math.round(shift)}px`;
  return { anchor, rect };
}
