/**
 * The e-mails a purchase sends: the receipt (what was bought, links to the dashboard), the admins' "New sale" notice
 * and the notice of a refund. Each is written in the transaction of the change it reports (docs/background-jobs.md),
 * so it exists exactly when that change committed, and once.
 */
import { purchaseTypeLabels, type PurchaseKind } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { readStoreSettings } from '../previews/tag.js';
import { productUrl, renderEmail } from '../../adapters/mail/templates.js';
import { mailAdmins } from '../admin/admin-mail.js';
import { formatUsd, vipPlanTitle } from '../offers/offers.js';
import { licenseVerifyUrl } from '../licences/licence-verify.service.js';

export interface ReceiptLine {
  title: string;
  kind: PurchaseKind;
  /** The licence tier's name ("WAV Lease"), or null for stems and the VIP plan. */
  tierName?: string | null;
  priceCents: number;
  /** The license's public id (docs/product/licenses.md). */
  licenceId: string;
}

const lineLabel = (line: ReceiptLine) =>
  line.kind === 'vipPlan' ? vipPlanTitle : `${line.title} (${line.tierName ?? purchaseTypeLabels[line.kind]})`;

export async function sendReceipt(
  deps: Deps,
  tx: Tx,
  input: { to: string; name: string; orderId: string; paidAt: Date; delivered: ReceiptLine[]; refunded: ReceiptLine[] },
): Promise<void> {
  const paid = [...input.delivered, ...input.refunded].reduce((sum, line) => sum + line.priceCents, 0);
  const refunded = input.refunded.reduce((sum, line) => sum + line.priceCents, 0);
  const paragraphs = [
    input.delivered.some((l) => l.kind === 'vipPlan')
      ? 'Your VIP catalog access is active: every VIP catalog beat is yours to download in MP3 and WAV.'
      : 'Your purchase is ready to download from your dashboard.',
    `Order ${input.orderId}, paid on ${input.paidAt.toUTCString()}.`,
  ];
  for (const line of input.delivered) {
    paragraphs.push(`License ${line.licenceId} (${lineLabel(line)}): anyone can check it at ${licenseVerifyUrl(deps.config, line.licenceId)}`);
  }
  if (input.refunded.length > 0) {
    paragraphs.push(
      `${formatUsd(refunded)} of this payment is being refunded to your card: ${input.refunded.map((l) => l.title).join(', ')} could not be delivered. A separate e-mail explains why.`,
    );
  }
  const rows: Array<[string, string]> = input.delivered.map((line) => [lineLabel(line), formatUsd(line.priceCents)]);
  for (const line of input.refunded) rows.push([`${lineLabel(line)} — refunded`, formatUsd(line.priceCents)]);
  const total: [string, string] =
    refunded > 0 ? ['Total after refund', formatUsd(paid - refunded)] : ['Total paid', formatUsd(paid)];
  await deps.mailer.send({
    to: input.to,
    ...renderEmail({
      subject: 'Your Beat Market receipt',
      heading: 'Thanks for your purchase',
      greeting: `Hi ${input.name},`,
      paragraphs,
      table: { rows, total },
      action: { label: 'Open your dashboard', url: productUrl(deps.config, '/user-dashboard') },
      footnote: `Your license agreements (PDF) are on your dashboard and in your purchase history: ${productUrl(deps.config, '/purchase-history')}`,
    }),
  }, tx);
}

/**
 * "New sale" to every admin, unless switched off in Store settings (docs/product/offers-and-prices.md#new-sale-e-mails): what was
 * sold, to whom, for how much, with a link to the ledger.
 */
export async function sendSaleNotice(
  deps: Deps,
  tx: Tx,
  input: { buyerName: string; buyerEmail: string; orderId: string; delivered: ReceiptLine[] },
): Promise<void> {
  if (input.delivered.length === 0) return;
  const settings = await readStoreSettings(tx);
  if (!settings.saleNotices) return;
  const total = input.delivered.reduce((sum, line) => sum + line.priceCents, 0);
  await mailAdmins(deps, tx, {
    subject: `New sale: ${formatUsd(total)}`,
    heading: 'New sale',
    paragraphs: [`${input.buyerName} <${input.buyerEmail}> paid order ${input.orderId}.`],
    table: { rows: input.delivered.map((line) => [lineLabel(line), formatUsd(line.priceCents)]), total: ['Total', formatUsd(total)] },
    action: { label: 'Open the purchases ledger', url: productUrl(deps.config, '/admin/analytics') },
    footnote: 'You get this e-mail for every sale. Turn it off under Admin → Store Settings.',
  });
}

export async function sendRefundNotice(
  deps: Deps,
  tx: Tx,
  input: { to: string; name: string; orderId: string; title: string; amountCents: number; reason: string },
): Promise<void> {
  await deps.mailer.send({
    to: input.to,
    ...renderEmail({
      subject: `Refund for ${input.title} — Beat Market`,
      heading: 'We refunded your payment',
      greeting: `Hi ${input.name},`,
      paragraphs: [
        input.reason,
        `We have refunded ${formatUsd(input.amountCents)} to the card you paid with (order ${input.orderId}). Depending on your bank it shows within 5–10 business days.`,
        'We are sorry for the trouble. Plenty more beats are waiting in the store.',
      ],
      action: { label: 'Back to the store', url: productUrl(deps.config, '/') },
    }),
  }, tx);
}
