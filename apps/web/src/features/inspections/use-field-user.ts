import { useSession } from '../../lib/session/session-provider';

/** The signed-in user as the local inspection store scopes records (and shows the inspector before the first sync). */
export function useFieldUser(): { userId: string; inspector: { id: string; name: string } } | null {
  const { user } = useSession();
  if (!user) return null;
  return { userId: user.id, inspector: { id: user.id, name: user.name || user.email } };
}
