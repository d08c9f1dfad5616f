import type { CurrencyCode } from '@crossbuy/core/money';
import type {
  AdminRegion,
  ExchangeRate,
  RegionUpdate,
  ShippingLocationSettings,
  ShippingRule,
  ShippingRuleInput,
  StoreSettings,
  TaxRate,
  TaxRateInput,
} from '@crossbuy/core/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, STORE_SETTINGS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

const keyOf = (part: string, userId: string | null) => [...STORE_SETTINGS_KEY, part, userId] as const;

/** Settings calls are the admins'; nobody else's browser asks. */
function useAdminQuery<T>(part: string, path: string) {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: keyOf(part, profile?.id ?? null),
    queryFn: () => api.get<T>(path),
    enabled: signedIn && profile?.role === 'admin',
  });
}

/** A change re-reads every settings list (a rate shows on the regions too) and the audit log. */
function useSettingsMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STORE_SETTINGS_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}

export type GeneralSettings = { settings: StoreSettings; defaults: StoreSettings };

export function useGeneralSettings() {
  return useAdminQuery<GeneralSettings>('general', '/admin/settings/general');
}

export function useUpdateGeneralSettings() {
  return useSettingsMutation((patch: Partial<StoreSettings>) =>
    api.patch<GeneralSettings>('/admin/settings/general', patch),
  );
}

export type ExchangeRateList = { baseCurrency: CurrencyCode; rates: ExchangeRate[] };

export function useExchangeRates() {
  return useAdminQuery<ExchangeRateList>('exchange-rates', '/admin/settings/exchange_rates');
}

export function useSetExchangeRate() {
  return useSettingsMutation(({ currency, rate }: { currency: string; rate: string }) =>
    api.put<{ rate: ExchangeRate }>(`/admin/settings/exchange_rates/${encodeURIComponent(currency)}`, {
      rate,
    }),
  );
}

export type RateImport = {
  changes: { currency: CurrencyCode; before: string | null; after: string }[];
  rates: ExchangeRate[];
};

export function useImportExchangeRates() {
  return useSettingsMutation((csv: string) =>
    api.post<RateImport>('/admin/settings/exchange_rates/import', { csv }),
  );
}

/** The wrong lines of a refused rate file, when the refusal names them. */
export { refusedLines } from '../../../lib/csv-refusal';

export type RegionList = { baseCurrency: CurrencyCode; regions: AdminRegion[] };

export function useRegionSettings() {
  return useAdminQuery<RegionList>('regions', '/admin/settings/regions');
}

export function useUpdateRegion() {
  return useSettingsMutation(({ countryCode, patch }: { countryCode: string; patch: RegionUpdate }) =>
    api.patch<{ region: AdminRegion }>(`/admin/settings/regions/${encodeURIComponent(countryCode)}`, patch),
  );
}

export function useCreateRegion() {
  return useSettingsMutation((input: { countryCode: string; currency: CurrencyCode; enabled: boolean }) =>
    api.post<{ region: AdminRegion }>('/admin/settings/regions', input),
  );
}

export function useShippingSettings() {
  return useAdminQuery<{ locations: ShippingLocationSettings[] }>('shipping', '/admin/settings/shipping');
}

export function useSetLocationEnabled() {
  return useSettingsMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    api.patch<null>(`/admin/settings/shipping/locations/${encodeURIComponent(id)}`, { enabled }),
  );
}

export function useSaveShippingRule() {
  return useSettingsMutation(
    (
      input:
        | { id: string; rule: ShippingRuleInput }
        | { shippingLocationId: string; rule: ShippingRuleInput },
    ) =>
      'id' in input
        ? api.put<{ rule: ShippingRule }>(
            `/admin/settings/shipping/rules/${encodeURIComponent(input.id)}`,
            input.rule,
          )
        : api.post<{ rule: ShippingRule }>('/admin/settings/shipping/rules', input),
  );
}

export function useDeleteShippingRule() {
  return useSettingsMutation((id: string) =>
    api.delete<null>(`/admin/settings/shipping/rules/${encodeURIComponent(id)}`),
  );
}

export function useTaxRates() {
  return useAdminQuery<{ taxRates: TaxRate[] }>('tax-rates', '/admin/settings/tax_rates');
}

export function useSetTaxRate() {
  return useSettingsMutation(({ countryCode, input }: { countryCode: string; input: TaxRateInput }) =>
    api.put<{ taxRate: TaxRate }>(`/admin/settings/tax_rates/${encodeURIComponent(countryCode)}`, input),
  );
}

export function useDeleteTaxRate() {
  return useSettingsMutation((countryCode: string) =>
    api.delete<null>(`/admin/settings/tax_rates/${encodeURIComponent(countryCode)}`),
  );
}
