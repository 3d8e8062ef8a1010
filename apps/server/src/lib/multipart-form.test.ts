/** The multipart reader both upload forms share (the beat form, the intro video): always responds, keeps nothing on failure. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest } from './errors.js';
import { readMultipartForm, uploadInterrupted, type FormPart } from './multipart-form.js';

/** A store that keeps what it was given in memory, so a test sees what was kept and what was deleted. */
function memoryStore() {
  const kept = new Map<string, string>();
  let n = 0;
  return {
    kept,
    files: {
      kindOf: (field: string) => (field === 'video' || field === 'poster' ? field : null),
      unexpected: (field: string) => badRequest(`Unexpected file field "${field}".`),
      duplicate: (_kind: string, field: string) => badRequest(`Send one ${field} at most.`),
      store: async (_kind: string, file: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of file) chunks.push(chunk as Buffer);
        const key = `k${++n}`;
        kept.set(key, Buffer.concat(chunks).toString());
        return key;
      },
      discard: async (key: string) => void kept.delete(key),
    },
  };
}

const file = (fieldname: string, text: string, filename = `${fieldname}.bin`): FormPart => ({
  type: 'file',
  fieldname,
  filename,
  file: Readable.from([Buffer.from(text)]),
});

describe('readMultipartForm', () => {
  it('collects the fields and stores each file once', async () => {
    const { kept, files } = memoryStore();
    async function* parts() {
      yield { type: 'field', fieldname: 'moods', value: 'Dark' };
      yield file('video', 'V');
      yield { type: 'field', fieldname: 'moods', value: 'Chill' };
      yield file('poster', '', ''); // an empty file input: no file
      yield file('poster', 'P');
    }
    const read = await readMultipartForm(parts(), files);
    expect(read.fields).toEqual({ moods: ['Dark', 'Chill'] });
    expect(Object.keys(read.files).sort()).toEqual(['poster', 'video']);
    expect([...kept.values()].sort()).toEqual(['P', 'V']);
  });

  it('answers a client that went away mid-upload with a readable 400 and deletes what it stored', async () => {
    const { kept, files } = memoryStore();
    async function* parts() {
      yield file('video', 'V');
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    const failure = await readMultipartForm(parts(), files).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 400, message: uploadInterrupted });
    expect(kept.size).toBe(0);
  });

  it('reads on after the first problem, reports it, and keeps nothing', async () => {
    const { kept, files } = memoryStore();
    async function* parts() {
      yield file('video', 'V');
      yield file('captions', 'C');
      yield file('video', 'again');
      yield file('poster', 'P');
    }
    await expect(readMultipartForm(parts(), files)).rejects.toMatchObject({ status: 400, message: 'Unexpected file field "captions".' });
    expect(kept.size).toBe(0);
  });

  it('refuses a second file of one kind', async () => {
    const { kept, files } = memoryStore();
    async function* parts() {
      yield file('video', 'V');
      yield file('video', 'W');
    }
    await expect(readMultipartForm(parts(), files)).rejects.toMatchObject({ message: 'Send one video at most.' });
    expect(kept.size).toBe(0);
  });
});
