/** Scraping previews is slowed down without a listener ever noticing, and plays cannot be inflated. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { beats, plays } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, fileTestApp } from '../../test/helper.js';
import { frozenClock } from '../../test/frozen-clock.js';
import type { BeatRow } from '../../db/schema.js';

const clock = frozenClock(new Date('2026-06-01T12:00:00Z'));
let catalog: BeatRow[];

const t = fileTestApp({ clock });
beforeAll(async () => {
  await t.deps.storage.put('audio/test/preview.mp3', Buffer.alloc(64 * 1024, 1));
  catalog = await Promise.all(Array.from({ length: 50 }, () => createBeat(t)));
});

const stream = (beat: BeatRow, address = '10.0.0.1', range = 'bytes=0-') =>
  t.app.inject({ method: 'GET', url: `/api/stream/${beat.id}`, headers: { range }, remoteAddress: address });

describe('preview streaming limits', () => {
  it('never stops someone skipping through 50 previews a minute for half an hour', async () => {
    for (let minute = 0; minute < 30; minute++) {
      const answers = await Promise.all(catalog.flatMap((beat) => [stream(beat, '10.0.0.2'), stream(beat, '10.0.0.2', 'bytes=32768-')]));
      expect(answers.every((r) => r.statusCode === 206)).toBe(true);
      clock.advance(60_000);
    }
  });

  it('slows a scraper down with 429 and a readable message, per address', async () => {
    const answers = [];
    for (let i = 0; i < 301; i++) answers.push(await stream(catalog[i % 50]!, '10.0.0.3'));
    expect(answers.slice(0, 300).every((r) => r.statusCode === 206)).toBe(true);
    const refused = answers[300]!;
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/^Too many preview requests\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected; the scraper may go on after the minute.
    expect((await stream(catalog[0]!, '10.0.0.4')).statusCode).toBe(206);
    clock.advance(60_000);
    expect((await stream(catalog[0]!, '10.0.0.3')).statusCode).toBe(206);
  });
});

describe('play counting', () => {
  const playCount = async (beat: BeatRow) => (await t.deps.db.select().from(beats).where(eq(beats.id, beat.id)))[0]!.playCount;
  const report = (beat: BeatRow, address: string, token?: string) => {
    const options = { method: 'POST' as const, url: '/api/play', payload: { beatId: beat.id, playbackTime: 30 }, remoteAddress: address };
    return t.app.inject(token ? authed(token, options) : options);
  };

  it('counts 100 rapid anonymous reports from one address as one play', async () => {
    const beat = catalog[0]!;
    const answers = await Promise.all(Array.from({ length: 100 }, () => report(beat, '10.1.0.1')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.filter((r) => (r.json() as { counted: boolean }).counted)).toHaveLength(1);
    expect(await playCount(beat)).toBe(1);
    expect(await t.deps.db.select().from(plays).where(eq(plays.beatId, beat.id))).toHaveLength(1);
  });

  it('counts the same listener again only after 10 minutes; other listeners and beats count on their own', async () => {
    const beat = catalog[1]!;
    expect((await report(beat, '10.1.0.2')).json()).toEqual({ counted: true });
    clock.advance(9 * 60_000);
    expect((await report(beat, '10.1.0.2')).json()).toEqual({ counted: false });
    expect((await report(beat, '10.1.0.3')).json()).toEqual({ counted: true });
    expect((await report(catalog[2]!, '10.1.0.2')).json()).toEqual({ counted: true });
    const user = await createUser(t);
    const token = await loginAs(t, user);
    // An account is one listener wherever it plays from.
    expect((await report(beat, '10.1.0.2', token)).json()).toEqual({ counted: true });
    expect((await report(beat, '10.9.9.9', token)).json()).toEqual({ counted: false });
    clock.advance(61_000);
    expect((await report(beat, '10.1.0.2')).json()).toEqual({ counted: true });
    expect(await playCount(beat)).toBe(4);
  });

  it('keeps no listener address in the clear', async () => {
    const rows = await t.deps.db.execute<{ listener: string }>('select listener from play_listens');
    const listeners = (rows as unknown as { rows: { listener: string }[] }).rows.map((r) => r.listener);
    expect(listeners.length).toBeGreaterThan(0);
    expect(listeners.some((l) => l.includes('10.1.'))).toBe(false);
  });
});
