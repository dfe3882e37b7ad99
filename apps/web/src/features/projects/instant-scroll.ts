// The page scrolls smoothly (base.css). A keyboard drag scrolls the page and measures right away, so
// while one runs the page scrolls instantly; the smooth scrolling comes back when the drag ends.
// A smooth scroll still gliding when the item is picked up (focusing the handle scrolls it into view)
// is stopped where it is: places measured mid-glide are wrong a moment later, and the first arrow key
// would then find no row to move past.

/** KeyboardSensor's onActivation: called as the key picks the item up, before the first scroll. */
export function scrollInstantly(): void {
  document.documentElement.style.scrollBehavior = 'auto';
  window.scrollTo({ left: window.scrollX, top: window.scrollY, behavior: 'instant' });
}

/** Called when the drag ends or is cancelled. */
export function scrollSmoothlyAgain(): void {
  document.documentElement.style.scrollBehavior = '';
}
