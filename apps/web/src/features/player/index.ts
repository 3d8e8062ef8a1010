export {
  PlayerProvider,
  usePlayer,
  usePlayerControls,
  usePlayerTime,
  useBeatPlayback,
  type PlayerValue,
  type PlayerControls,
  type PlayerTime,
  type PlayOptions,
} from './player-context';
export { PlayerBar } from './player-bar';
export { canPlay } from './lib/playable';
