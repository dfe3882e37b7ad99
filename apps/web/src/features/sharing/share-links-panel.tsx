// The claim file's share links: create, copy, revoke, and who opened them.

export function ShareLinksPanel({ projectId }: { projectId: string }) {
  return <section aria-label="Share links" data-project={projectId} />;
}
