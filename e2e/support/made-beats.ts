/**
 * Beats a test makes for itself through the admin API (a demo beat's preview as their MP3), each returned once the
 * catalog lists it (its preview rendered); `removeAll` takes them out of the store again, so no other test ever picks them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { AdminBeat, AuthResponse, Beat, BeatPage } from '@beat/shared';
import { apiLogin, demo } from './accounts.js';
import { api } from './api.js';
import { baseURL } from './browser.js';
import { until } from './steps.js';

/** The admin form's fields, as strings. */
export type BeatFields = Record<string, string> & { beatTitle: string; beatType: 'Exclusive' | 'Non-Exclusive' };

function formOf(fields: BeatFields): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  return form;
}

export function beatMaker(admin: () => AuthResponse) {
  const made: string[] = [];
  return {
    async create(fields: BeatFields, fileName = 'e2e.mp3'): Promise<Beat> {
      const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
      const mp3 = Buffer.from(await (await fetch(`${baseURL()}${beats[0]!.streamingMp3FileLink!}`)).arrayBuffer());
      const form = formOf(fields);
      form.append('mp3File', new Blob([mp3], { type: 'audio/mpeg' }), fileName);
      const created = await fetch(`${baseURL()}/api/admin/beats`, { method: 'POST', headers: { authorization: `Bearer ${admin().token}` }, body: form });
      expect(created.status, await created.clone().text()).toBe(201);
      const id = ((await created.json()) as { beat: AdminBeat }).beat._id;
      made.push(id);
      const listed = `/api/beats?type=${fields.beatType}&q=${encodeURIComponent(fields.beatTitle)}&limit=5`;
      return until(`${fields.beatTitle} in the catalog`, async () => (await api<BeatPage>(listed)).beats.find((b) => b._id === id));
    },
    /** The admin's edit of a beat, as the edit form sends it without new files. */
    async update(beat: Beat, fields: BeatFields): Promise<void> {
      const res = await fetch(`${baseURL()}/api/admin/beats/${beat._id}`, { method: 'PUT', headers: { authorization: `Bearer ${admin().token}` }, body: formOf(fields) });
      expect(res.status, await res.clone().text()).toBe(200);
    },
    async removeAll(): Promise<void> {
      for (const id of made.splice(0)) await api(`/api/admin/beats/${id}`, admin().token, { method: 'DELETE' }).catch(() => undefined);
    },
  };
}

/** The file's beats, made by the demo admin (signed in before the first test) and removed after the last test. */
export function fileBeatMaker(): ReturnType<typeof beatMaker> {
  let admin: AuthResponse | undefined;
  const made = beatMaker(() => admin!);
  beforeAll(async () => {
    admin = await apiLogin(demo.admin);
  });
  afterAll(() => made.removeAll());
  return made;
}
