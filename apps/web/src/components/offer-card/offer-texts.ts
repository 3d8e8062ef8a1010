/** What each offer's card says, the same on the beat page and in the download pop-up (docs/product/offers-and-prices.md). */
export const offerTexts = {
  exclusive: {
    note: 'Includes Stems, FREE Mixing/Mastering (time-limited), and 100% Royalties',
    features: ['Yours alone: the beat leaves the store', 'MP3, WAV and stems'],
  },
  lease: {
    note: 'The MP3 of this beat with a non-exclusive license',
    features: ['MP3 file', 'Non-exclusive license'],
  },
  stems: {
    note: 'Every track of the beat, for your own mix',
    features: ['Separate track files in a zip', 'Mix and master it your way'],
  },
} as const;
