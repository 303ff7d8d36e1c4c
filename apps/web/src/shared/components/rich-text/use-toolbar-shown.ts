import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a compact field (an option row) shows its toolbar: while the focus is inside the field, its
 * editing area or its toolbar. When a press elsewhere takes the focus away, the toolbar stays until that
 * press is over. Hidden at once, it would move everything below the field up between the press and its
 * release, and the click (remove the next row, tick its answer) would end on whatever moved under the
 * pointer, or on nothing, and be lost.
 * `compact` is false until the field is drawn, so the listeners attach once `field` holds it.
 */
export function useToolbarShown(field: RefObject<HTMLElement | null>, compact: boolean): boolean {
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const root = field.current;
    if (!compact || !root) return;
    let pressing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      setFocused(root.contains(document.activeElement));
    };
    const press = () => {
      pressing = true;
    };
    const release = () => {
      if (!pressing) return;
      pressing = false;
      // After the click that ends this press: it is dispatched in the same task as the release.
      clearTimeout(timer);
      timer = setTimeout(settle, 0);
    };
    const focusIn = () => {
      clearTimeout(timer);
      setFocused(true);
    };
    const focusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
      if (!pressing) settle();
    };
    settle();
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, [field, compact]);

  return !compact || focused;
}
