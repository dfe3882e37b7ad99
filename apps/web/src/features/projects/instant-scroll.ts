// The page scrolls smoothly (base.css). A keyboard drag scrolls the page and measures right away, so
// while one runs the page scrolls instantly; the smooth scrolling comes back when the drag ends.

/** KeyboardSensor's onActivation: called as the key picks the item up, before the first scroll. */
export function scrollInstantly(): void {
  document.documentElement.style.scrollBehavior = 'auto';
}

/** Called when the drag ends or is cancelled. */
export function scrollSmoothlyAgain(): void {
  document.documentElement.style.scrollBehavior = '';
}
