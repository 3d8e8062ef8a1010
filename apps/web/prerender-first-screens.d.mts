import type { Plugin } from 'vite';

/** The paths whose first screen the build draws into their HTML. */
export const firstScreenPaths: string[];
/** Where the HTML of a first screen is written, relative to the build's folder. */
export function firstScreenFile(pathname: string): string;
export function prerenderFirstScreens(): Plugin;
