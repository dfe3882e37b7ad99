/** Our own iframe for a parsed, safe embed URL (the stored HTML is never injected). */
export function TutorialVideo({ src, title }: { src: string; title: string }) {
  return (
    <div className="aspect-video w-full overflow-hidden rounded-md bg-slate-900">
      <iframe
        src={src}
        title={title}
        className="size-full"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        loading="lazy"
      />
    </div>
  );
}
