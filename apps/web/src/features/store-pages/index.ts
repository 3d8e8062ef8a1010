/** Public surface of features/store-pages: the store's text pages, their safe Markdown and the /vip intro video (apps/web/eslint.boundaries.js). */
export { IntroVideo } from './components/intro-video';
export { MarkdownView } from './components/markdown-view';
export { StorePageView } from './components/store-page-view';
export { storePageKeys } from './api/get-store-page';
export { introVideoKey, introVideoQueryOptions } from './api/get-intro-video';
