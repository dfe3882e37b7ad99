import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session/session-provider';
import { countWaitingPhotos } from '../offline/upload-queue/boot';

// Every sign-out button asks first when this user's photos are still waiting to upload (pending,
// uploading or failed): they stay on the device either way. The dialog loads only when needed.

const SignOutWarning = lazy(() => import('../features/uploads/sign-out-warning'));

export function useGuardedSignOut(): { requestSignOut: () => void; warning: ReactNode } {
  const { user, signOut } = useSession();
  const [waiting, setWaiting] = useState(0);
  const requestSignOut = () => {
    void (async () => {
      const count = user ? await countWaitingPhotos(user.id) : 0;
      if (count > 0) setWaiting(count);
      else await signOut();
    })();
  };
  const warning =
    waiting > 0 ? (
      <Suspense fallback={null}>
        <SignOutWarning
          open
          waiting={waiting}
          onStay={() => setWaiting(0)}
          onSignOut={() => {
            setWaiting(0);
            void signOut();
          }}
        />
      </Suspense>
    ) : null;
  return { requestSignOut, warning };
}
