/**
 * The server's modules depend on each other in one direction (CONTRIBUTING.md#boundaries): no module reaches
 * back to one that uses it, so each can be read and changed from the bottom up. Lint keeps routes to their
 * own module; this keeps the services' graph acyclic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/** module → the other modules its (non-test) files import at run time. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(modulesDir)) {
    const uses = new Set<string>();
    for (const file of readdirSync(path.join(modulesDir, name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.test-support.ts')) continue;
      const source = readFileSync(path.join(modulesDir, name, file), 'utf8');
      for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'\.\.\/([\w-]+)\//gm)) {
        if (match[1] !== name) uses.add(match[1]!);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'visiting');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('server module dependencies', () => {
  it('form no cycle', () => {
    const graph = moduleGraph();
    expect(graph.get('checkout')).toContain('offers');
    expect(findCycle(graph)).toBeNull();
  });

  it('a cycle would be found', () => {
    const graph = moduleGraph();
    graph.get('beats')!.add('checkout');
    expect(findCycle(graph)).toEqual(expect.arrayContaining(['beats', 'checkout']));
  });
});
