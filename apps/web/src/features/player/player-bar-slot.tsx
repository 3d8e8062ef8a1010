/** Where the fixed bottom player goes: it is hidden until a track is chosen, so its code loads only then. */
import { lazy, Suspense } from 'react';
import { usePlayerControls } from './player-context';

const PlayerBarContent = lazy(() => import('./player-bar').then((module) => ({ default: module.PlayerBar })));

export function PlayerBar() {
  const { current } = usePlayerControls();
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBarContent />
    </Suspense>
  );
}
