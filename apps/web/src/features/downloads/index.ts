/** Public surface of features/downloads: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { DownloadButton, type VisitorAuthTarget } from './components/download-button';
export { DownloadLinks } from './components/download-links';
export { CreditUnlock } from './components/credit-unlock';
export { useDownloadRights } from './api/check-download';
export { useOwnedBeats } from './api/get-owned-beats';
export { useDownload } from './hooks/use-download';
export { downloadLabels } from './components/download-links';
