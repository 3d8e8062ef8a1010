/** The admin beat form's key and moods (docs/product/catalog-and-search.md#filters): stored, shown, filtered by, and refused when not on the lists. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminBeat, BeatPage } from '@beat/shared';
import { beats } from '../../db/schema.js';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { fixtureMp3, multipart, validBeatFields } from './admin-test-kit.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
let admin: string;

const t = fileTestApp({ clock });
beforeAll(async () => {
  await t.deps.storage.put('audio/test/preview.mp3', fixtureMp3());
  admin = await loginAs(t, await createUser(t, { isAdmin: true, email: 'boss@example.test' }));
});

async function edit(beatId: string, fields: Record<string, string>) {
  return t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/beats/${beatId}`, ...(await multipart(fields)) }));
}

/** One field per mood, as a form of checkboxes sends them. */
async function editWithRepeatedMoods(beatId: string, fields: Record<string, string>, moodValues: string[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const mood of moodValues) form.append('moods', mood);
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return t.app.inject(
    authed(admin, {
      method: 'PUT',
      url: `/api/admin/beats/${beatId}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    }),
  );
}

describe('the admin beat form: key and moods', () => {
  it('edits a beat’s key and moods; the catalog shows them and filters by them at once', async () => {
    const beat = await createBeat(t, { title: 'Keyless' });
    const res = await edit(beat.id, validBeatFields({ beatTitle: 'Keyed', musicalKey: 'F minor', moods: 'Dark, chill, dark' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().beat as AdminBeat).toMatchObject({ musicalKey: 'F minor', moods: ['dark', 'chill'] });
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row).toMatchObject({ musicalKey: 'F minor', moods: ['dark', 'chill'] });

    const found = (await t.app.inject({ method: 'GET', url: '/api/beats?key=f-minor&mood=chill' })).json() as BeatPage;
    expect(found.beats.map((b) => b._id)).toEqual([beat.id]);
    expect(found.beats[0]).toMatchObject({ musicalKey: 'F minor', moods: ['dark', 'chill'] });

    const cleared = await edit(beat.id, validBeatFields({ beatTitle: 'Keyed', musicalKey: '', moods: '' }));
    expect(cleared.json().beat).toMatchObject({ musicalKey: null, moods: [] });
    const gone = (await t.app.inject({ method: 'GET', url: '/api/beats?key=F%20minor' })).json() as BeatPage;
    expect(gone.beats).toEqual([]);
  });

  it('takes moods sent as one field per mood', async () => {
    const beat = await createBeat(t);
    const res = await editWithRepeatedMoods(beat.id, validBeatFields(), ['epic', 'sad']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().beat).toMatchObject({ moods: ['sad', 'epic'] });
  });

  it('refuses a key or a mood that is not on the lists, naming the field, and changes nothing', async () => {
    const beat = await createBeat(t, { musicalKey: 'A minor', moods: ['happy'] });
    expectMessage(await edit(beat.id, validBeatFields({ musicalKey: 'H minor' })), 400, 'Key must be one of the 24 keys, like F minor or A# major');
    const badMood = await edit(beat.id, validBeatFields({ moods: 'happy, gloomy' }));
    expect(badMood.statusCode).toBe(400);
    expect(badMood.json().message).toMatch(/^Moods must be among dark, happy/);
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row).toMatchObject({ musicalKey: 'A minor', moods: ['happy'] });
  });

  it('creates a beat with a key and moods', async () => {
    const res = await t.app.inject(
      authed(admin, {
        method: 'POST',
        url: '/api/admin/beats',
        ...(await multipart(validBeatFields({ musicalKey: 'C# major', moods: 'bouncy' }), [
          { name: 'mp3File', filename: 'a.mp3', data: fixtureMp3(), type: 'audio/mpeg' },
        ])),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().beat).toMatchObject({ musicalKey: 'C# major', moods: ['bouncy'] });
  });
});
