import { useEffect, type FocusEvent, type RefObject } from 'react';

/**
 * How a disclosure (a button that shows a panel of links or actions) closes
 * behind the member: Escape closes it and returns focus to its button, a
 * pointer pressed outside closes it, and focus leaving it (Tab past the last
 * entry) closes it. Returns the blur handler for the element wrapping both
 * the button and the panel.
 */
export function useDisclosureDismissal(
  open: boolean,
  close: () => void,
  wrapRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
): (event: FocusEvent<HTMLElement>) => void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapRef.current?.contains(event.target)) close();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, wrapRef, buttonRef]);

  return (event) => {
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  };
}
