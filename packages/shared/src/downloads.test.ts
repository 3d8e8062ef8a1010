/**
 * The entitlement table (docs/product/entitlements.md#who-may-download-what), row by row and against the docs' own
 * table, and what the download calls refuse.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  changeBeatTypeBody,
  checkDownloadParams,
  downloadBody,
  entitlementSources,
  fileTypes,
  grantedRights,
  tierRights,
  reduceCreditsBody,
  type DownloadRights,
  type EntitlementSource,
  type FileType,
} from './index.js';
import { accepted, refusals } from './test/refusals.js';

/** The docs' rows, as the table names each way of obtaining a beat. */
const rowOf: Record<EntitlementSource | 'vipPlan', string> = {
  lease: 'MP3 lease (cart)',
  credit: 'Credit unlock',
  vipPlan: 'VIP plan',
  stems: 'Stems purchase',
  exclusive: 'Exclusive purchase',
};

/** The docs' rows of the default licence tiers beyond the MP3 Lease and the Exclusive, with the tiers' files. */
const tierRows: Record<string, FileType[]> = {
  'WAV Lease tier': ['mp3', 'wav'],
  'Trackout Lease tier, Unlimited tier': ['mp3', 'wav', 'stems'],
};

describe('the entitlement table', () => {
  it.each<[EntitlementSource | 'vipPlan', DownloadRights]>([
    ['lease', { mp3: true, wav: false, stems: false }],
    ['credit', { mp3: true, wav: true, stems: false }],
    ['vipPlan', { mp3: true, wav: true, stems: false }],
    ['stems', { mp3: false, wav: false, stems: true }],
    ['exclusive', { mp3: true, wav: true, stems: true }],
  ])('%s grants %j', (source, rights) => {
    expect(grantedRights[source]).toEqual(rights);
  });

  it('has a row for every way of holding a beat and for the VIP plan, and no other', () => {
    expect(Object.keys(grantedRights).sort()).toEqual([...entitlementSources, 'vipPlan'].sort());
    for (const rights of Object.values(grantedRights)) expect(Object.keys(rights).sort()).toEqual([...fileTypes].sort());
  });

  it('says what the docs table says, row by row', () => {
    const docs = readFileSync(new URL('../../../docs/product/entitlements.md', import.meta.url), 'utf8');
    const rows = docs
      .split('\n')
      .filter((text) => /^\| .+ \| (yes|no|—) \|/.test(text))
      .map((text) => text.split('|').slice(1, -1).map((cell) => cell.trim()));
    for (const [source, label] of Object.entries(rowOf) as [EntitlementSource | 'vipPlan', string][]) {
      const row = rows.find(([how]) => how!.startsWith(label));
      expect(row, `the docs' row for ${label}`).toBeDefined();
      const [, mp3, wav, stems] = row!;
      expect({ mp3: mp3 === 'yes', wav: wav === 'yes', stems: stems === 'yes' }, label).toEqual(grantedRights[source]);
    }
    // The default licence tiers' rows say what `tierRights` grants for their files (docs/product/licenses.md#tiers).
    for (const [label, files] of Object.entries(tierRows)) {
      const [, mp3, wav, stems] = rows.find(([how]) => how === label)!;
      expect({ mp3: mp3 === 'yes', wav: wav === 'yes', stems: stems === 'yes' }, label).toEqual(tierRights(files));
    }
    // The one row the table holds besides them is the admin's stems grant on the user, which is not a way of buying.
    const known = [...Object.values(rowOf), ...Object.keys(tierRows)];
    expect(rows.map(([how]) => how).filter((how) => !known.some((label) => how!.startsWith(label)))).toEqual([
      '`isStemsAvailable` on the user (granted by an admin; listed Non-Exclusive beats)',
    ]);
  });
});

describe('the download calls', () => {
  const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
  const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

  it('accepts a user, a beat and one of the three files', () => {
    for (const fileType of fileTypes) expect(accepted(downloadBody, { userId, beatId, fileType })).toEqual({ userId, beatId, fileType });
    expect(accepted(reduceCreditsBody, { email: ' Invited@Demo.Test ', beatId })).toEqual({ email: 'invited@demo.test', beatId });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['another file type', { fileType: 'flac' }, { fileType: 'fileType must be mp3, wav or stems' }],
    ['no file type', { fileType: undefined }, { fileType: 'fileType must be mp3, wav or stems' }],
    ['a beat that is not an id', { beatId: 'night-drive' }, { beatId: 'beatId is not a valid id' }],
    ['no user', { userId: undefined }, { userId: 'userId is required' }],
  ])('refuses a download of %s', (_, change, messages) => {
    expect(refusals(downloadBody, { userId, beatId, fileType: 'mp3', ...change })).toEqual(messages);
  });

  it('refuses a download check or an unlock without real ids and address', () => {
    expect(refusals(checkDownloadParams, { userId: '42', beatId })).toEqual({ userId: 'userId is not a valid id' });
    expect(refusals(changeBeatTypeBody, {})).toEqual({ beatId: 'beatId is required' });
    expect(refusals(reduceCreditsBody, { email: 'invited', beatId: undefined })).toEqual({
      email: 'Email address is invalid',
      beatId: 'beatId is required',
    });
  });
});
