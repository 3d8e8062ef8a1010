/** Public surface of features/player: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { PlayerProvider, usePlayerControls, usePlayerTime, useBeatPlayback } from './player-context';
export { PlayerBar } from './player-bar-slot';
export { CardPlayButton } from './card-play-button';
export { canPlay } from './lib/playable';
