/**
 * Draws the first screens of `/`, `/beats` and `/exclusives` into HTML at build time
 * (docs/decisions/0019-first-screen.md). After the browser build it builds src/entry-prerender.tsx for Node, renders
 * each path as a first-time visitor sees it before any API answer, and writes `first-screens/<name>.html`: the
 * built index.html with that page's <title> and the drawing inside #root (the app's one stylesheet is already in it:
 * vite.config.ts). The server sends it for that path (apps/server/src/web/web-app.ts); the browser paints it before
 * any script has run, and the app hydrates it once the page's code is in (src/main.tsx).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { SCANNING, staticClosure } from './catalog-chunk.mjs';

/**
 * The catalog's pages and the login page. A drawn form's fields and buttons are drawn disabled and enabled at the
 * takeover (src/main.tsx): the form's code would not know what was typed before it ran, so nothing can be typed
 * before it does (a fraction of a second on a phone, as for the filter buttons).
 */
export const firstScreenPaths = ['/', '/beats', '/exclusives', '/login'];

/** The route module each first screen shows (app/router.tsx loads it lazily): its code is asked for by the HTML itself. */
const pageModules = {
  '/': 'src/app/routes/catalog.tsx',
  '/beats': 'src/app/routes/catalog.tsx',
  '/exclusives': 'src/app/routes/exclusives.tsx',
  '/login': 'src/app/routes/login.tsx',
};

/**
 * The files of a page's code that the entry does not already preload: the page's chunk and every chunk it imports
 * statically (not what it loads later, as the VIP list). The boot script asks for them with the entry's own
 * (`startAfterPaint`): without them the browser learns of them only once the entry has run, one round trip and a
 * script's run later (docs/decisions/0019-first-screen.md).
 */
export function pagePreloads(bundle, root, pathname) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name !== 'boot');
  const pageModule = path.join(root, pageModules[pathname]);
  // The page's own chunk, or the chunk that holds it (the catalog's: vite.config.ts).
  const page = chunks.find((chunk) => chunk.facadeModuleId === pageModule) ?? chunks.find((chunk) => chunk.moduleIds.includes(pageModule));
  if (!entry || !page) throw new Error(`prerender: no chunk for the page of ${pathname} (${pageModules[pathname]})`);
  const closure = staticClosure(chunks);
  const loaded = closure(entry);
  return [...closure(page)]
    .filter((fileName) => !loaded.has(fileName))
    .map((fileName) => `/${fileName}`);
}

/**
 * A drawn page's head asks for one script, `src/boot.ts`, in place of the entry and its `modulepreload` links: the
 * boot script asks for them (and the page's own code) once the drawing is painted
 * (docs/decisions/0019-first-screen.md#code-after-paint).
 */
export function startAfterPaint(html, bootFile, pageFiles) {
  const head = /<head>[\s\S]*?<\/head>/.exec(html)?.[0] ?? '';
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(head);
  if (!entry) throw new Error('prerender: index.html has no entry script in its head');
  const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const modules = [...preloads, ...pageFiles];
  const boot = `<script type="module" crossorigin src="/${bootFile}" data-entry="${entry[1]}" data-modules="${modules.join(' ')}"></script>`;
  const bootHead = head
    .replace(entry[0], boot)
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  return html.replace(head, bootHead);
}

/** The controls of every `<form>` of a drawing, disabled until the takeover enables them (`data-takeover-enables`). */
export function disableFormsUntilTakeover(markup) {
  return markup.replace(/<form\b[\s\S]*?<\/form>/g, (form) =>
    form.replace(/<(input|select|textarea|button)\b([^>]*)>/g, (tag, name, attrs) =>
      /\sdisabled(?:[\s=>]|$)/.test(attrs) ? tag : `<${name} disabled="" data-takeover-enables=""${attrs}>`,
    ),
  );
}

export function firstScreenFile(pathname) {
  return `first-screens/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}

/**
 * The headings' font (Space Grotesk, Latin letters; 13 KB a weight) and the body's Inter (48 KB): asked for with the
 * stylesheet, so that the text is drawn in them from the first paint. Inter swapped in later made the text wider,
 * which the browser counts as a new, later largest paint (docs/decisions/0019-first-screen.md, "One stylesheet").
 */
const firstScreenFonts = [/^space-grotesk-latin-(600|700)-normal-.*\.woff2$/, /^inter-latin-wght-normal-.*\.woff2$/];

export function prerenderFirstScreens() {
  let config;
  let bundle;
  return {
    name: 'prerender-first-screens',
    // Not in the split the catalog's chunk is found with (catalog-chunk.mjs): it writes nothing.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[SCANNING],
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml(_html, { bundle }) {
      const fonts = Object.keys(bundle ?? {}).filter((file) => firstScreenFonts.some((font) => font.test(path.basename(file))));
      if (fonts.length !== 3) throw new Error(`prerender: expected the 3 fonts of the first screens (Space Grotesk 600 and 700, Inter), found ${fonts.join(', ') || 'none'}`);
      return fonts.map((file) => ({
        tag: 'link',
        attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
        injectTo: 'head',
      }));
    },
    // The bundle as written: the chunks that held only styles are gone from it by then (vite.config.ts: one stylesheet).
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the app's folder, so that the Node build finds react and the rest in node_modules.
      const ssrDir = path.join(config.root, 'node_modules/.first-screens');
      rmSync(ssrDir, { recursive: true, force: true });
      try {
        await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/entry-prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        });
        // The build's browser: a first-time visitor, nothing stored, no answer from the API yet.
        const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
        Object.assign(globalThis, { localStorage: storage, fetch: () => new Promise(() => {}) });
        const { renderFirstScreen } = await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href);

        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const bootFile = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && item.name === 'boot')?.fileName;
        if (!bootFile) throw new Error('prerender: no boot chunk (vite.config.ts: build.rollupOptions.input.boot)');
        mkdirSync(path.join(outDir, 'first-screens'), { recursive: true });
        for (const pathname of firstScreenPaths) {
          // preact-render-to-string marks where a lazy part suspended (`<!--$s-->`, `<!--/$s-->`); the browser's takeover
          // does not know the marks, and met one where the page's first element was: it moved that element, which takes
          // the focus out of a field being typed in (docs/decisions/0019-first-screen.md#islands).
          let markup = disableFormsUntilTakeover(await renderFirstScreen(pathname)).replace(/<!--\/?\$s-->/g, '');
          if (/<!--/.test(markup)) throw new Error(`prerender: the first screen of ${pathname} has a comment the takeover would not expect: ${/<!--[\s\S]{0,60}/.exec(markup)}`);
          // The page's <title> (the first one drawn) goes in the head, in place of the shell's; the element stays where the
          // page renders it, hidden and empty as the app renders it (src/lib/react-on-preact/react.ts), so the takeover
          // finds it there and the page's words are not in the body twice.
          const title = /<title>([\s\S]*?)<\/title>/.exec(markup)?.[1];
          markup = markup.replace(/<title>[\s\S]*?<\/title>/g, '<title></title>');
          markup = markup.replace(/<link rel="preload"[^>]*>/g, '');
          // The page's policy refuses inline styles (docs/security.md#headers): a first screen must not need one.
          if (/\sstyle="/.test(markup)) throw new Error(`prerender: the first screen of ${pathname} has an inline style attribute: ${/.{0,200}\sstyle="[^"]*"/.exec(markup)}`);
          if (/<script/i.test(markup)) throw new Error(`prerender: the first screen of ${pathname} has a script: ${/<script[\s\S]{0,300}/i.exec(markup)}`);
          const html = startAfterPaint(shell, bootFile, pagePreloads(bundle, config.root, pathname))
            .replace(/<title>[\s\S]*?<\/title>/, (shellTitle) => (title ? `<title>${title}</title>` : shellTitle))
            .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
          if (!html.includes(markup)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
          writeFileSync(path.join(outDir, firstScreenFile(pathname)), html);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
