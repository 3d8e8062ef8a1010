/** A beat search's count is kept per catalog version: exact after every write that changes its matches, and its pages read either way agree. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beats } from '../../db/schema.js';
import { createBeat, fileTestApp } from '../../test/helper.js';
import { commandLineActor } from '../audit/audit.service.js';
import { deleteAdminBeat, listAdminBeats } from './admin-beats.service.js';
import { beatAnalytics } from './analytics.service.js';

const t = fileTestApp();

const word = () => `zephyr${randomBytes(3).toString('hex')}`;

describe('beat search counts', () => {
  it('count again after a beat is added, deleted or renamed, in the admin list and the per-beat table', async () => {
    const q = word();
    const first = await createBeat(t, { title: `${q} one` });
    const second = await createBeat(t, { title: `${q} two` });
    const adminTotal = async () => (await listAdminBeats(t.deps, { q, page: 1, pageSize: 1 })).total;
    const perBeatTotal = async () => (await beatAnalytics(t.deps, { q, page: 1, pageSize: 1, sort: 'title', order: 'asc' })).total;
    expect([await adminTotal(), await perBeatTotal()]).toEqual([2, 2]);
    expect([await adminTotal(), await perBeatTotal()]).toEqual([2, 2]);

    await createBeat(t, { title: `${q} three` });
    expect([await adminTotal(), await perBeatTotal()]).toEqual([3, 3]);
    // A deleted beat leaves the admin list; the per-beat table keeps its numbers.
    await deleteAdminBeat(t.deps, commandLineActor, first.id);
    expect([await adminTotal(), await perBeatTotal()]).toEqual([2, 3]);
    await t.deps.db.update(beats).set({ title: 'Renamed' }).where(eq(beats.id, second.id));
    expect([await adminTotal(), await perBeatTotal()]).toEqual([1, 2]);
  });

  it('pages a search of many matches (the list walked) and of few (the matches sorted) in the list order, by cursor and by number', async () => {
    const common = word();
    const rare = word();
    const made: { id: string; title: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const title = i % 4 === 0 ? `${rare} ${common} ${i}` : `${common} ${i}`;
      made.push(await createBeat(t, { title, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
    }
    for (let i = 0; i < 4; i++) await createBeat(t, { title: `other ${i}` });
    const newestFirst = (titleHas: string) => made.filter((b) => b.title.includes(titleHas)).reverse().map((b) => b.id);

    for (const [q, expected] of [[common, newestFirst(common)], [rare, newestFirst(rare)]] as const) {
      const byCursor: string[] = [];
      let cursor: string | undefined;
      for (let page = 1; ; page++) {
        const answer = await listAdminBeats(t.deps, { q, page, pageSize: 2, cursor });
        expect(answer.total).toBe(expected.length);
        byCursor.push(...answer.rows.map((r) => r.id));
        const numbered = await listAdminBeats(t.deps, { q, page, pageSize: 2 });
        expect(numbered.rows.map((r) => r.id)).toEqual(answer.rows.map((r) => r.id));
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      expect(byCursor).toEqual(expected);
    }
  });
});
