/**
 * A visitor's cart lines at the server's prices (docs/product/licenses.md#tiers): the browser keeps each line's tier and
 * the price shown when it was added, and the cart asks each catalog beat's tiers (GET /api/beats/{beatId}/tiers, as a
 * visitor) for its price now and the tiers its License list offers. An account's lines come priced from its cart.
 */
import { useQueries } from '@tanstack/react-query';
import { beatTiersQueryOptions, type BeatTier } from '../api/get-beat-tiers';
import type { CartLine } from './use-cart';

/** A line the beat no longer sells as its tier: the account's cart says the same of such a line. */
const noLongerSold = (line: CartLine, tierName: string) =>
  `${line.beatTitle} is no longer sold as ${tierName}. Choose another license or remove it from your cart.`;

function priced(line: CartLine, tiers: BeatTier[] | undefined): CartLine {
  const offered = (tiers ?? []).filter((t) => !t.exclusive);
  if (offered.length === 0) return line;
  const key = line.tier?.key ?? 'lease';
  const current = offered.find((t) => t.key === key);
  const choices = offered.map((t) => ({ key: t.key, name: t.name, price: t.price }));
  if (!current) return { ...line, tiers: choices, unavailable: noLongerSold(line, line.tier?.name ?? 'MP3 Lease') };
  return { ...line, tier: { key, name: current.name }, price: current.price, tiers: choices };
}

/** `lines` as they are, unless `visitor`: then each catalog beat's line is priced by its tiers once they are in. */
export function usePricedVisitorLines(lines: CartLine[], visitor: boolean): CartLine[] {
  const catalog = visitor ? lines.filter((line) => line.licence === 'MP3') : [];
  const answers = useQueries({ queries: catalog.map((line) => beatTiersQueryOptions(line._id, undefined)) });
  if (!visitor) return lines;
  const tiersOf = new Map(catalog.map((line, i) => [line._id, answers[i]?.data]));
  return lines.map((line) => priced(line, tiersOf.get(line._id)));
}
