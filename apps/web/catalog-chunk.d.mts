import type { Plugin } from 'vite';

/** Set in the environment while the app is split without the catalog's groups. */
export const SCANNING: string;
/** The modules whose chunks make the catalog's first screen (relative to the web app's folder). */
export const catalogStarts: string[];
/** The pages that show the catalog's lists. */
export const catalogPages: string[];
interface ChunkLike {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  moduleIds: string[];
}
/** The files a chunk needs before it runs: itself and its static imports, and theirs. */
export function staticClosure(chunks: ChunkLike[]): (start: ChunkLike) => Set<string>;
/** The modules of the chunks the catalog's first screen loads beyond the entry's: its own, those shared, the icons. */
export function catalogChunkModules(chunks: ChunkLike[], root: string): { catalog: Set<string>; shared: Set<string>; icons: Set<string> };
export function catalogChunk(configFile: string): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; includeDependenciesRecursively: boolean }[];
};
