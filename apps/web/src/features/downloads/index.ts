export { DownloadButton, type VisitorAuthTarget, type DownloadButtonProps } from './components/download-button';
export { DownloadModal, type DownloadModalProps, type DownloadModalVariant } from './components/download-modal';
export { DownloadLinks, downloadLabels, type DownloadLinksProps } from './components/download-links';
export { useDownload, type DownloadInput } from './hooks/use-download';
export { useDownloadRights, downloadRightsQueryOptions, downloadsQueryKey, checkDownload } from './api/check-download';
export { useOwnedBeats } from './api/get-owned-beats';
