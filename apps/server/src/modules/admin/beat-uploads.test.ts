import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { fileTestApp } from '../../test/helper.js';
import { fixtureMp3, fixtureWav } from './admin-test-kit.js';
import { readBeatForm, storeBeatFile, type FormPart } from './beat-uploads.js';

const uploads = async () => readdir(path.join(t.dataDir, 'files', 'audio', 'uploads')).catch(() => [] as string[]);

const t = fileTestApp();

/** Chunks as a socket delivers them, then optionally a failure. */
function stream(data: Buffer, failAfter?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < data.length; at += 16_384) yield data.subarray(at, at + 16_384);
      if (failAfter) throw failAfter;
    })(),
  );
}

describe('storeBeatFile', () => {
  it('stores a checked file under a new key with what decoding found', async () => {
    const stored = await storeBeatFile(t.deps, 'mp3', stream(fixtureMp3()));
    expect(stored.key).toMatch(/^audio\/uploads\/.+\.mp3$/);
    expect(stored.size).toBe(fixtureMp3().length);
    expect(stored.info).toMatchObject({ format: 'mp3', sampleRate: 22050, channels: 1 });
    expect(Math.abs((stored.info as { durationSeconds: number }).durationSeconds - 2)).toBeLessThan(0.1);
    expect((await t.deps.storage.stat(stored.key))!.size).toBe(fixtureMp3().length);
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const before = await uploads();
    const broken = new Error('socket hang up');
    await expect(storeBeatFile(t.deps, 'wav', stream(Buffer.concat([fixtureWav(), fixtureWav()]), broken))).rejects.toBe(broken);
    expect(await uploads()).toEqual(before);
  });
});

describe('readBeatForm', () => {
  it('answers an upload the client abandoned with a 400 and deletes what it had stored', async () => {
    const before = await uploads();
    async function* parts(): AsyncGenerator<FormPart> {
      yield { type: 'field', fieldname: 'beatTitle', value: 'Gone' };
      yield { type: 'file', fieldname: 'mp3File', filename: 'a.mp3', file: stream(fixtureMp3()) };
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    const failure = await readBeatForm(t.deps, parts()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 400, message: 'The upload was interrupted before it finished. Please try again.' });
    expect(await uploads()).toEqual(before);
  });

  it('keeps reading after a bad file, so the client gets the answer, and reports the first problem', async () => {
    const before = await uploads();
    async function* parts(): AsyncGenerator<FormPart> {
      yield { type: 'file', fieldname: 'wavFile', filename: 'a.wav', file: stream(fixtureMp3()) };
      yield { type: 'file', fieldname: 'mp3File', filename: 'a.mp3', file: stream(fixtureMp3()) };
      yield { type: 'field', fieldname: 'beatTitle', value: 'Late field' };
    }
    await expect(readBeatForm(t.deps, parts())).rejects.toMatchObject({ message: 'The WAV file is not a WAV: it looks like an MP3 file.' });
    expect(await uploads()).toEqual(before);
  });
});
