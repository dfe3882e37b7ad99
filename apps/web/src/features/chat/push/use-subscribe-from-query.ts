import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { browserPushEnvironment, enablePush, type PushEnvironment } from './enable-push';

/**
 * On /messages?subscribe=1 (opened in a new tab from a preview frame) the enable flow runs once,
 * outside a frame; `subscribe` then leaves the address so a reload does not ask again.
 */
export function useSubscribeFromQuery(env: PushEnvironment = browserPushEnvironment): void {
  const [params, setParams] = useSearchParams();
  const ran = useRef(false);
  const wanted = params.get('subscribe') === '1';
  useEffect(() => {
    if (!wanted || ran.current || env.inFrame()) return;
    ran.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('subscribe');
        return next;
      },
      { replace: true },
    );
    void enablePush(env);
  }, [wanted, env, setParams]);
}
