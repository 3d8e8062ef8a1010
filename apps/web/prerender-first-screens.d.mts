import type { Plugin } from 'vite';

/** The paths whose first screen the build draws into their HTML. */
export const firstScreenPaths: string[];
/** Where the HTML of a first screen is written, relative to the build's folder. */
export function firstScreenFile(pathname: string): string;
export function prerenderFirstScreens(): Plugin;
/** The files of a first screen's page code that the entry does not preload already (`/assets/…`). */
export function pagePreloads(bundle: Record<string, unknown>, root: string, pathname: string): string[];
