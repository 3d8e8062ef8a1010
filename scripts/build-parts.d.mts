/** Types of scripts/build-parts.mjs, for the test of the build check. */
export interface Part {
  label: string;
  /** The tree the inputs are relative to. */
  root: string;
  dir: string;
  /** The file the build makes last. */
  output: string;
  /** Where the build records the hash of its inputs. */
  stamp: string;
  /** Files and folders, relative to `root`. */
  inputs: string[];
  /** The folder of the tool that builds the part, or null when the dev dependencies are not installed. */
  tool(): string | null;
}

export const root: string;
export function installed(workspace: string, name: string): string | null;
export function partsOf(base: string): { web: Part; server: Part };
export const parts: { web: Part; server: Part };
export function inputsHash(part: Part): string;
export function recordInputs(part: Part, hash: string): void;
export function isStale(part: Part): boolean;
