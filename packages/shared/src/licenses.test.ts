/**
 * Licenses (docs/product/licenses.md): the public id as typed, the buyer's masked name, each offer's terms and their
 * placeholders; and the free download's request (docs/product/free-downloads.md).
 */
import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  freeDownloadBody,
  licenceOfferParams,
  licenceSummaryLines,
  licenseIdParams,
  maskName,
  unknownPlaceholders,
  updateLicenceTermsBody,
  upgradeLineLabel,
  type LicenceNumbers,
} from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

describe('license ids', () => {
  it('accepts an id typed in small letters with spaces around it, in capitals', () => {
    expect(accepted(licenseIdParams, { licenseId: ' 5f3a-9c2e-1b7d-4a60-9e3f-2c81 ' })).toEqual({ licenseId: '5F3A-9C2E-1B7D-4A60-9E3F-2C81' });
  });

  it.each([['5F3A-9C2E-1B7D-4A60-9E3F'], ['5F3A9C2E1B7D4A609E3F2C81'], ['5F3A-9C2E-1B7D-4A60-9E3F-2C8G'], ['']])('refuses %j', (licenseId) => {
    expect(refusal(licenseIdParams, { licenseId })).toBe('A license id is six groups of four letters and digits, like 5F3A-9C2E-1B7D-4A60-9E3F-2C81.');
  });

  it('shows only the first letter of each word of the buyer’s name', () => {
    expect(maskName('  Zoë   Quinn ')).toBe('Z** Q****');
    expect(maskName('Åsa')).toBe('Å**');
    expect(maskName('')).toBe('');
  });

  it('names an upgrade with what was already paid', () => {
    expect(upgradeLineLabel('Night Drive', '$19.99')).toBe('Upgrade: Night Drive MP3 lease → Exclusive (−$19.99 already paid)');
  });
});

describe('license terms', () => {
  const numbers: LicenceNumbers = { distributionCopies: 5000, audioStreams: null, musicVideos: 1, radioStations: 0, paidPerformances: null, creditRequired: true, exclusive: false };
  const terms = { ...numbers, title: 'MP3 Lease', body: 'Licensed to {buyerName} for {beatTitle}.' };

  it('fills the placeholders of a sale, and hints at the others', () => {
    expect(fillPlaceholders('To {buyerName} ({buyerEmail}), {beatTitle}, {unknown}.', { buyerName: 'Zoë Quinn', beatTitle: 'Night Drive' })).toBe(
      "To Zoë Quinn ([the buyer's e-mail]), Night Drive, {unknown}.",
    );
    expect(unknownPlaceholders('{buyerName} {foo} {Bar} {foo} {price}')).toEqual(['foo', 'Bar']);
  });

  it('lists the numbers as buyers read them', () => {
    expect(licenceSummaryLines(numbers)).toEqual([
      'Non-exclusive: others may license the beat too',
      'Up to 5,000 distribution copies',
      'Unlimited audio streams',
      '1 music video',
      'No radio broadcasting',
      'Unlimited paid performances',
      'Credit required: "Prod. by" the producer',
    ]);
    expect(licenceSummaryLines({ ...numbers, exclusive: true, distributionCopies: 1, radioStations: 2, creditRequired: false })).toEqual([
      'Exclusive: the beat is sold to you alone',
      'Up to 1 distribution copy',
      'Unlimited audio streams',
      '1 music video',
      'Radio broadcasting on 2 stations',
      'Unlimited paid performances',
      'No credit required',
    ]);
  });

  it('knows the five offers that carry terms, and takes any licence tier\u2019s key (the server answers an unknown one)', () => {
    expect(accepted(licenceOfferParams, { offer: 'credit' })).toEqual({ offer: 'credit' });
    expect(accepted(licenceOfferParams, { offer: 'trackout' })).toEqual({ offer: 'trackout' });
    expect(refusal(licenceOfferParams, { offer: 'Mixing Deal' })).toBe('offer must be one of lease, stems, exclusive, vipPlan, credit or a licence tier');
  });

  it('accepts new terms, trimmed', () => {
    expect(accepted(updateLicenceTermsBody, { ...terms, title: ' MP3 Lease ' })).toEqual(terms);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ distributionCopies: -1 }, { distributionCopies: 'Distribution copies cannot be negative' }],
    [{ audioStreams: 1.5 }, { audioStreams: 'Audio streams must be a whole number' }],
    [{ musicVideos: '3' }, { musicVideos: 'Music videos must be a whole number, or null for unlimited' }],
    [{ paidPerformances: 1_000_000_001 }, { paidPerformances: 'Paid performances must be at most 1,000,000,000' }],
    [{ creditRequired: 'yes' }, { creditRequired: 'creditRequired must be true or false' }],
    [{ exclusive: undefined }, { exclusive: 'exclusive must be true or false' }],
    [{ title: ' ' }, { title: 'title is required' }],
    [{ title: 'x'.repeat(121) }, { title: 'title must be at most 120 characters' }],
    [{ body: '' }, { body: 'body is required' }],
    [{ body: 'x'.repeat(20_001) }, { body: 'body must be at most 20,000 characters' }],
    [
      { body: 'To {buyerName}, {buyer}.' },
      { body: 'Unknown placeholder {buyer}. Use {buyerName}, {buyerEmail}, {beatTitle}, {artistName}, {licenceType}, {price}, {purchaseDate}, {licenceId}.' },
    ],
  ])('refuses %j', (change, expected) => {
    expect(refusals(updateLicenceTermsBody, { ...terms, ...change })).toEqual(expected);
  });
});

describe('freeDownloadBody', () => {
  it('accepts an address, without consent unless it is given', () => {
    expect(accepted(freeDownloadBody, { email: 'Fan@Demo.Test' })).toEqual({ email: 'fan@demo.test', consent: false });
  });

  it('refuses a missing address and a consent that is not a yes or no', () => {
    expect(refusals(freeDownloadBody, { consent: 'yes' })).toEqual({ email: 'Email is required', consent: 'consent must be true or false' });
  });
});
