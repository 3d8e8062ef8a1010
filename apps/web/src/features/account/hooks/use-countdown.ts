/** Whole seconds left until a moment, ticking once a second; `restart()` starts the count again. */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds: number) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const restart = useCallback(() => setUntil(Date.now() + seconds * 1000), [seconds]);
  return { remaining, restart };
}
