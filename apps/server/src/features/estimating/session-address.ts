/** The address a session is listed by: "12 Hail Rd, Plano, TX 75024", or null without one. */
export function sessionAddress(session: { street: string | null; city: string | null; state: string | null; zip: string | null } | null): string | null {
  if (!session) return null;
  const cityLine = [session.city, [session.state, session.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const line = [session.street?.trim(), cityLine].filter(Boolean).join(', ');
  return line || null;
}
