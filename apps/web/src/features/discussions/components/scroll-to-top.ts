/**
 * Scrolls an element back to its top over `duration` ms (ease-out), the spec's 1 s animation after a
 * question is posted. Native smooth scrolling has no duration to set, hence the frames by hand.
 */
export function scrollToTop(element: HTMLElement, duration: number): void {
  const from = element.scrollTop;
  if (from <= 0) return;
  if (typeof window.requestAnimationFrame !== 'function' || duration <= 0) {
    element.scrollTop = 0;
    return;
  }
  const started = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - started) / duration);
    const eased = 1 - (1 - progress) ** 3;
    element.scrollTop = Math.round(from * (1 - eased));
    if (progress < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}
