import { useSession } from '../../lib/session/session-provider';
import { useInspectionSync } from '../../offline/use-inspection-sync';

/**
 * The signed-in user as the local inspection store scopes records (and shows the inspector before the
 * first sync). Every field screen uses it, and with it runs the store's sync while the screen is open.
 */
export function useFieldUser(): { userId: string; inspector: { id: string; name: string } } | null {
  const { user } = useSession();
  useInspectionSync(user?.id);
  if (!user) return null;
  return { userId: user.id, inspector: { id: user.id, name: user.name || user.email } };
}
