/** "Dec 9, 2026, 10:00 AM": when an accepted offer must be paid by, in the viewer's time zone. */
const offerTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatOfferTime = (iso: string) => offerTime.format(new Date(iso));
