/** The Ridgeline roof mark; `inverted` for dark backgrounds. */
export function BrandMark({ className, inverted = false }: { className: string; inverted?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="6" fill={inverted ? '#fbbf24' : '#1e3a8a'} />
      <path d="M5 21 16 10l11 11h-4l-7-7-7 7z" fill={inverted ? '#1e3a8a' : '#fbbf24'} />
    </svg>
  );
}

/** The mark and the name side by side: the brand in the shell, the auth page and the landing header. */
export function BrandName({ className, inverted = false }: { className: string; inverted?: boolean }) {
  return (
    <>
      <BrandMark className={className} inverted={inverted} />
      Ridgeline
    </>
  );
}
