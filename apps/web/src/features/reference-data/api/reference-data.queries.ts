import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { AssetDisplay } from '../../../lib/format';

/** Keys of the reference data every tenant shares; it changes with a release, not a session. */
export const referenceKeys = {
  currencies: ['currencies'] as const,
};

export const currenciesQuery = queryOptions({
  queryKey: referenceKeys.currencies,
  queryFn: () => api(API.cashEntry.currencies),
  staleTime: Number.POSITIVE_INFINITY,
});

/** An asset's scale from the currency list: undefined until the list has loaded. */
export function useScaleOf() {
  const currencies = useQuery(currenciesQuery);
  return (asset: string) => currencies.data?.find((c) => c.code === asset)?.scale;
}

/**
 * How an asset's amounts read (its scale and asset class, for `formatAmount`): undefined
 * until the currency list has loaded, or for an asset it does not hold.
 */
export function useAssetOf() {
  const currencies = useQuery(currenciesQuery);
  return (asset: string): AssetDisplay | undefined => currencies.data?.find((c) => c.code === asset);
}
