// Writes .br and .gz beside every text asset of a built web app, so the server sends them pre-compressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: compress-dist.mjs <dist folder>');

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    // The server renderer (dist/ssr/) and the build's manifest (dist/.vite/) are read by the server, never sent.
    if (statSync(full).isDirectory()) {
      if (name !== 'ssr' && name !== '.vite') yield* files(full);
    }
    else yield full;
  }
}

for (const file of files(dir)) {
  if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || file.endsWith('index.html')) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
