/**
 * Loaded into the benchmarked server with `node --import` (scripts/bench.ts): on the message 'memory' over the
 * IPC channel it reports where the process's resident memory is — the V8 heap, array buffers (the catalog
 * cache's bodies, sockets' buffers), and the WebAssembly memory of the embedded database (PGlite), which grows
 * and never shrinks. It keeps a weak reference to every WebAssembly.Memory made, to know their sizes, and reads
 * the resident part of each from /proc/self/smaps, and the most the process has held resident, from /proc/self/status.
 * On the message 'cpu' it responds with the CPU time the process has used.
 */
import { readFileSync } from 'node:fs';

const memories = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(NativeMemory, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

/** Resident bytes of the private mapping of exactly `size` bytes (a WebAssembly memory's accessible part). */
function residentOfMappings() {
  const mappings = [];
  let current;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (head) {
      current = { size: Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16), rss: 0 };
      mappings.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss = Number(rss[1]) * 1024;
  }
  return mappings;
}

process.on('message', (message) => {
  // The process's CPU time so far (user and system, µs): the bench divides a load's share by its responses.
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
    return;
  }
  if (message !== 'memory') return;
  const mappings = residentOfMappings();
  const wasm = memories
    .map((ref) => ref.deref()?.buffer.byteLength)
    .filter((size) => size !== undefined)
    .map((size) => ({ size, resident: mappings.find((m) => m.size === size)?.rss ?? size }));
  // The most the process has held resident since it started (the size a container must allow).
  const peak = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  process.send?.({ ...process.memoryUsage(), wasm, peak: peak ? Number(peak[1]) * 1024 : null });
});
// The channel alone must not keep the server running.
process.channel?.unref();
