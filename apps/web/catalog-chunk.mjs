/**
 * The code the catalog's first screen runs after the entry's (its page, the exclusives, the VIP list it builds once
 * idle) as three chunks (what only the catalog uses, what other pages use too, the icons) instead of some thirty
 * small files (docs/decisions/0019-first-screen.md#fewer-files). Each file is a request of its own, which costs a
 * phone's main thread about 0.5–2 ms to issue, and the page asked for all of them in the first second after its paint.
 *
 * Which modules those are is known only once the bundle is split: a module the entry reaches through a feature's
 * `index.ts` may or may not end up in the entry's chunk. So the build first splits the app as usual, without
 * writing it (`buildStart`), takes every module of the chunks that `/` loads beyond the entry's, and then groups
 * them in the real build (`groups`, for `build.rollupOptions.output.codeSplitting`).
 */
import path from 'node:path';
import { build } from 'vite';

/** Set while the app is split without the groups: that build leaves the groups and the drawings out. */
export const SCANNING = 'BEAT_CATALOG_CHUNK_SCAN';

/** The modules whose chunks make the catalog's first screen: its page, and the VIP list it loads once idle. */
export const catalogStarts = ['src/app/routes/catalog.tsx', 'src/features/catalog/components/vip-catalog-section.tsx'];

/**
 * A function giving the files a chunk needs before it runs: itself and every chunk it imports statically, and theirs
 * (not what it loads later with `import()`).
 */
export function staticClosure(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return (start) => {
    const seen = new Set();
    const visit = (fileName) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(start.fileName);
    return seen;
  };
}

const icon = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** The pages that show the catalog's lists: what only they use goes in the catalog's chunk. */
export const catalogPages = [...catalogStarts, 'src/app/routes/exclusives.tsx', 'src/app/routes/vip.tsx'];

/**
 * From the chunks of a build without the groups: the modules of every chunk the catalog's first screen loads beyond
 * the entry and what the entry imports, in three sets. `catalog`: what only the catalog's pages use. `shared`: what
 * other pages use too (the cart's hooks, prices, a mutation), so that the account or admin pages load that small
 * part and not the catalog. `icons`: the icons, which pages such as /login share.
 */
export function catalogChunkModules(chunks, root) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = staticClosure(chunks);
  const holding = (relative) => {
    const id = path.join(root, relative);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`catalog chunk: no chunk holds ${relative}`);
    return chunk;
  };
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
  if (!entry) throw new Error('catalog chunk: the build has no entry chunk named index');
  const loaded = closure(entry);
  const files = new Set();
  for (const start of catalogStarts) for (const fileName of closure(holding(start))) if (!loaded.has(fileName)) files.add(fileName);
  // Every file another page's code reaches (any chunk loaded on its own: a page, a dialog, the player).
  const family = new Set(catalogPages.map((page) => holding(page).fileName));
  const elsewhere = new Set();
  for (const chunk of chunks) {
    if (!(chunk.isDynamicEntry || chunk.isEntry) || family.has(chunk.fileName) || chunk === entry) continue;
    for (const fileName of closure(chunk)) elsewhere.add(fileName);
  }
  const out = { catalog: new Set(), shared: new Set(), icons: new Set() };
  for (const fileName of files) {
    for (const id of byName.get(fileName).moduleIds) {
      if (icon.test(id)) out.icons.add(id);
      else if (elsewhere.has(fileName)) out.shared.add(id);
      else out.catalog.add(id);
    }
  }
  return out;
}

/** The plugin that splits the app once without the groups, and the groups it fills for the real build. */
export function catalogChunk(configFile) {
  let modules = { catalog: new Set(), shared: new Set(), icons: new Set() };
  const plugin = {
    name: 'catalog-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[SCANNING],
    async buildStart() {
      const root = path.dirname(configFile);
      process.env[SCANNING] = '1';
      let result;
      try {
        result = await build({ configFile, logLevel: 'silent', build: { write: false, emptyOutDir: false } });
      } finally {
        delete process.env[SCANNING];
      }
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => one.output);
      modules = catalogChunkModules(outputs.filter((item) => item.type === 'chunk'), root);
    },
  };
  const groups = [
    { name: 'catalog', test: (id) => modules.catalog.has(id), includeDependenciesRecursively: false },
    { name: 'catalog-shared', test: (id) => modules.shared.has(id), includeDependenciesRecursively: false },
    { name: 'catalog-icons', test: (id) => modules.icons.has(id), includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
