/** The licence tiers' shapes (docs/product/licenses.md#tiers): keys, files, prices and the cart's tier change. */
import { describe, expect, it } from 'vitest';
import { addToCartBody, createTierBody, filesCovered, isBuiltInTier, tiersOrderBody, updateTierBody } from './index.js';
import { accepted, refusal } from './test/refusals.js';

const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

describe('licence tiers', () => {
  it('keeps a tier\u2019s files in the order mp3, wav, stems, each once, at least one', () => {
    expect(accepted(createTierBody, { name: ' Gold ', defaultPrice: 74.5, files: ['stems', 'mp3'] })).toEqual({ name: 'Gold', defaultPrice: 74.5, files: ['mp3', 'stems'] });
    expect(refusal(createTierBody, { name: 'Gold', defaultPrice: 1, files: [] })).toBe('A tier includes at least one file.');
    expect(refusal(createTierBody, { name: 'Gold', defaultPrice: 1, files: ['wav', 'wav'] })).toBe('files lists each of mp3, wav and stems at most once');
    expect(refusal(createTierBody, { name: 'Gold', defaultPrice: 1, files: ['flac'] })).toBe('fileType must be mp3, wav or stems');
  });

  it('takes prices in whole cents, never negative, or none', () => {
    expect(accepted(createTierBody, { name: 'Gold', defaultPrice: null, files: ['mp3'] })).toMatchObject({ defaultPrice: null });
    expect(refusal(createTierBody, { name: 'Gold', defaultPrice: 1.005, files: ['mp3'] })).toBe('defaultPrice must be in whole cents');
    expect(refusal(createTierBody, { name: 'Gold', defaultPrice: -1, files: ['mp3'] })).toBe('defaultPrice cannot be negative');
    expect(refusal(updateTierBody, {})).toBe('Give at least one of name, defaultPrice, files, active.');
  });

  it('names a tier by a key of a lower-case letter and letters or digits', () => {
    expect(accepted(addToCartBody, { userId, beatId, tier: 'goldLease2' })).toEqual({ userId, beatId, tier: 'goldLease2' });
    expect(refusal(addToCartBody, { userId, beatId, tier: 'Gold Lease' })).toBe('A tier key is a lower-case letter followed by 1 to 31 letters or digits.');
    expect(refusal(tiersOrderBody, { keys: [] })).toBe('keys must list every tier once');
  });

  it('knows its built-in tiers and when one licence\u2019s files cover another\u2019s', () => {
    expect(['lease', 'exclusive', 'wav'].map(isBuiltInTier)).toEqual([true, true, false]);
    expect(filesCovered(['mp3', 'wav'], ['mp3', 'wav', 'stems'])).toBe(true);
    expect(filesCovered(['mp3', 'stems'], ['mp3', 'wav'])).toBe(false);
  });
});
