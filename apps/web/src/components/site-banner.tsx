/** The site-wide banner on every page. */
export function SiteBanner() {
  return (
    <div role="region" aria-label="Site notice" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      Ridgeline is being updated today. We apologize for any issues you may notice with AI features while we work.
    </div>
  );
}
