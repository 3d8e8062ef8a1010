/**
 * GET /api/users/{userId}/upgrades: the MP3 leases the buyer holds of beats whose exclusive is for sale, each with the
 * price of moving up to the exclusive (docs/product/licenses.md#upgrades). A payment (app-wide after checkout) and a
 * catalog change (lib/live-catalog.ts: a beat made Exclusive, sold, or repriced) refresh it under `upgradesQueryKey`.
 */
import { useQuery } from '@tanstack/react-query';
import type { UpgradeOffer, UpgradesResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/user-query-options';
import { useAuth } from '../../auth';

/** Invalidate this after a purchase and when the catalog moves. */
export const upgradesQueryKey = ['upgrades'] as const;

export function getUpgrades(userId: string, signal?: AbortSignal): Promise<UpgradeOffer[]> {
  return api<UpgradesResponse>(`/api/users/${encodeURIComponent(userId)}/upgrades`, { signal }).then((r) => r.upgrades);
}

export function getUpgradesQueryOptions(userId: string | undefined) {
  return userQueryOptions([...upgradesQueryKey, userId], userId, getUpgrades);
}

/**
 * The signed-in buyer's upgrades (nothing is asked for a visitor, nor while a password change is required:
 * docs/product/accounts.md#forced-password-change); `forBeat` finds the one of a beat.
 */
export function useUpgrades() {
  const { user, canUseAccount } = useAuth();
  const query = useQuery(getUpgradesQueryOptions(canUseAccount ? user?._id : undefined));
  const upgrades = query.data ?? [];
  return { ...query, upgrades, forBeat: (beatId: string) => upgrades.find((u) => u.beatId === beatId) };
}
