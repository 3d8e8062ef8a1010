/**
 * The e-mails of an offer's steps (docs/product/exclusive-offers.md#e-mails): each step tells the buyer and every admin,
 * written to the outbox in the transaction of the step.
 */
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import type { BeatRow, ExclusiveOfferRow, UserRow } from '../../db/schema.js';
import { productUrl } from '../../adapters/mail/templates.js';
import { mailAdmins, mailPerson } from '../admin/admin-mail.js';
import { formatUsd } from '../offers/offers.js';

export type OfferStep = 'made' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'closed';

/** "Mon, 09 Dec 2026 10:00:00 GMT": when an accepted offer must be paid by, as e-mails write it. */
const payBy = (offer: ExclusiveOfferRow) => (offer.expiresAt ? offer.expiresAt.toUTCString() : '');

interface Words {
  subject: string;
  heading: string;
  paragraphs: string[];
}

function buyerWords(step: OfferStep, offer: ExclusiveOfferRow, beat: BeatRow): Words {
  const amount = formatUsd(offer.amountCents);
  const agreed = formatUsd(offer.agreedCents ?? offer.counterCents ?? offer.amountCents);
  switch (step) {
    case 'made':
      return {
        subject: `Your offer on ${beat.title}`,
        heading: 'Your offer was sent',
        paragraphs: [`You offered ${amount} for the exclusive license of ${beat.title}. The producer will accept, decline or counter it; we e-mail you when they do.`],
      };
    case 'countered': {
      const note = offer.counterMessage ? [`Their message: “${offer.counterMessage}”`] : [];
      return {
        subject: `Counter offer on ${beat.title}`,
        heading: 'The producer countered your offer',
        paragraphs: [`The producer answered your offer of ${amount} for ${beat.title} with ${formatUsd(offer.counterCents!)}.`, ...note, 'Accept or decline it from your dashboard.'],
      };
    }
    case 'accepted':
      return {
        subject: `Offer accepted: ${beat.title} for ${agreed}`,
        heading: 'Your offer was accepted',
        paragraphs: [
          `${beat.title} is yours for ${agreed} if you pay before ${payBy(offer)}. Until then the exclusive is held for you alone.`,
          'Pay from your dashboard.',
        ],
      };
    case 'declined':
      return offer.declinedBy === 'buyer'
        ? {
            subject: `You declined the counter on ${beat.title}`,
            heading: 'Counter declined',
            paragraphs: [`You declined the producer’s counter of ${formatUsd(offer.counterCents!)} for ${beat.title}. You can make a new offer on its page.`],
          }
        : {
            subject: `Your offer on ${beat.title}`,
            heading: 'Your offer was declined',
            paragraphs: [`The producer declined your offer of ${amount} for ${beat.title}.`, ...(offer.counterMessage ? [`Their message: “${offer.counterMessage}”`] : [])],
          };
    case 'withdrawn':
      return { subject: `You withdrew your offer on ${beat.title}`, heading: 'Offer withdrawn', paragraphs: [`Your offer of ${amount} for ${beat.title} is withdrawn.`] };
    case 'expired':
      return {
        subject: `Your accepted offer on ${beat.title} expired`,
        heading: 'Your accepted offer expired',
        paragraphs: [`The 48 hours to pay ${agreed} for ${beat.title} have passed, so the exclusive is no longer held for you. You can make a new offer on its page while it is for sale.`],
      };
    case 'closed':
      return {
        subject: `${beat.title} was sold`,
        heading: 'The beat was sold',
        paragraphs: [`${beat.title} was sold to another buyer, so your offer of ${amount} is closed. Plenty more beats are waiting in the store.`],
      };
  }
}

function adminWords(step: OfferStep, offer: ExclusiveOfferRow, beat: BeatRow, buyer: UserRow): Words {
  const who = `${buyer.fullName || buyer.email} <${buyer.email}>`;
  const amount = formatUsd(offer.amountCents);
  switch (step) {
    case 'made':
      return {
        subject: `New offer: ${amount} for ${beat.title}`,
        heading: 'New offer on an exclusive',
        paragraphs: [
          `${who} offers ${amount} for ${beat.title}${beat.priceCents !== null ? ` (list price ${formatUsd(beat.priceCents)})` : ''}.`,
          ...(offer.message ? [`Their message: “${offer.message}”`] : []),
          'Accept, decline or counter it under Admin → Offers.',
        ],
      };
    case 'countered':
      return { subject: `You countered: ${beat.title}`, heading: 'Counter sent', paragraphs: [`You countered ${who}’s offer of ${amount} for ${beat.title} with ${formatUsd(offer.counterCents!)}.`] };
    case 'accepted':
      return {
        subject: `Offer accepted: ${beat.title} for ${formatUsd(offer.agreedCents!)}`,
        heading: 'Offer accepted',
        paragraphs: [`${who} can pay ${formatUsd(offer.agreedCents!)} for ${beat.title} until ${payBy(offer)}; the exclusive is held for them until then.`],
      };
    case 'declined':
      return offer.declinedBy === 'buyer'
        ? { subject: `Counter declined: ${beat.title}`, heading: 'Counter declined', paragraphs: [`${who} declined your counter of ${formatUsd(offer.counterCents!)} for ${beat.title}.`] }
        : { subject: `Offer declined: ${beat.title}`, heading: 'Offer declined', paragraphs: [`You declined ${who}’s offer of ${amount} for ${beat.title}.`] };
    case 'withdrawn':
      return { subject: `Offer withdrawn: ${beat.title}`, heading: 'Offer withdrawn', paragraphs: [`${who} withdrew their offer of ${amount} for ${beat.title}.`] };
    case 'expired':
      return {
        subject: `Accepted offer expired: ${beat.title}`,
        heading: 'Accepted offer expired',
        paragraphs: [`${who} did not pay ${formatUsd(offer.agreedCents!)} for ${beat.title} in 48 hours. The exclusive is for sale again.`],
      };
    case 'closed':
      return { subject: `Offer closed: ${beat.title}`, heading: 'Offer closed', paragraphs: [`${who}’s offer of ${amount} for ${beat.title} closed: the beat was sold.`] };
  }
}

/** Writes the step's e-mail to the buyer and to every admin, in the step's transaction. */
export async function tellOfferStep(
  deps: Deps,
  tx: Tx,
  step: OfferStep,
  offer: ExclusiveOfferRow,
  beat: BeatRow,
  buyer: UserRow,
): Promise<void> {
  await mailPerson(deps, tx, buyer, {
    ...buyerWords(step, offer, beat),
    action: { label: 'See your offers', url: productUrl(deps.config, '/user-dashboard#offers') },
  });
  await mailAdmins(deps, tx, {
    ...adminWords(step, offer, beat, buyer),
    action: { label: 'Open Admin → Offers', url: productUrl(deps.config, '/admin/offers') },
  });
}
