/** Tag placement is kept to the thousandth (docs/audio-pipeline.md#the-tag), so no number in range fails to be stored. */
import { beforeAll, describe, expect, it } from 'vitest';
import { authed, createUser, loginAs, fileTestApp } from '../../test/helper.js';
import { readStoreSettings } from './tag.js';

let admin: string;

const t = fileTestApp();
beforeAll(async () => {
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
});

const place = (payload: Record<string, number>) =>
  t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/placement', payload }));

describe('tag placement precision', () => {
  it('stores numbers too small for a 4-byte float as zero instead of failing', async () => {
    const res = await place({ firstOffsetSeconds: 2.3714828093542952e-55, intervalSeconds: 5.830191742990601, levelDb: -2.7357375568290414e-42 });
    expect(res.statusCode).toBe(200);
    expect(res.json().placement).toEqual({ firstOffsetSeconds: 0, intervalSeconds: 5.83, levelDb: 0 });
    const stored = await readStoreSettings(t.deps.db);
    expect([stored.tagFirstOffsetSeconds, stored.tagIntervalSeconds, stored.tagLevelDb]).toEqual([0, 5.83, 0]);
  });

  it('keeps a placement to the millisecond and the thousandth of a dB', async () => {
    const res = await place({ firstOffsetSeconds: 12.34567, intervalSeconds: 30.0004, levelDb: -3.2105 });
    expect(res.statusCode).toBe(200);
    expect(res.json().placement).toEqual({ firstOffsetSeconds: 12.346, intervalSeconds: 30, levelDb: -3.21 });
  });
});
