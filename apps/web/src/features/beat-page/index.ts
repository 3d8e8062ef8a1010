/** Public surface of features/beat-page: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { BeatPage } from './components/beat-page';
export { EmbedBeatPage } from './components/embed-beat-page';
