/** Public surface of features/free-downloads: the "Free download" button and its dialog (docs/product/free-downloads.md). */
export { FreeDownloadButton } from './components/free-download-button';
