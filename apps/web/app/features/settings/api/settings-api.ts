import type {
  NewRegion,
  RegionUpdate,
  ShippingRuleInput,
  StoreSettings,
  TaxRateInput,
} from '@crossbuy/core/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, STORE_SETTINGS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** Settings calls are the admins'; nobody else's browser asks. */
function useAdminQuery<T>(part: string, read: () => Promise<T>) {
  const { enabled, staffId } = useStaffQueries({ adminOnly: true });
  return useQuery({ queryKey: [...STORE_SETTINGS_KEY, part, staffId], queryFn: read, enabled });
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

export type GeneralSettings = Answer<'/admin/settings/general', 'get'>;

export function useGeneralSettings() {
  return useAdminQuery('general', async () => answerOf(await storeClient.GET('/admin/settings/general')));
}

export function useUpdateGeneralSettings() {
  return useSettingsMutation(async (patch: Partial<StoreSettings>) =>
    answerOf(await storeClient.PATCH('/admin/settings/general', { body: patch })),
  );
}

export type ExchangeRateList = Answer<'/admin/settings/exchange_rates', 'get'>;

export function useExchangeRates() {
  return useAdminQuery('exchange-rates', async () =>
    answerOf(await storeClient.GET('/admin/settings/exchange_rates')),
  );
}

export function useSetExchangeRate() {
  return useSettingsMutation(async ({ currency, rate }: { currency: string; rate: string }) =>
    answerOf(
      await storeClient.PUT('/admin/settings/exchange_rates/{currency}', {
        params: { path: { currency } },
        body: { rate },
      }),
    ),
  );
}

export type RateImport = Answer<'/admin/settings/exchange_rates/import', 'post'>;

export function useImportExchangeRates() {
  return useSettingsMutation(async (csv: string) =>
    answerOf(await storeClient.POST('/admin/settings/exchange_rates/import', { body: { csv } })),
  );
}

export type RegionList = Answer<'/admin/settings/regions', 'get'>;

export function useRegionSettings() {
  return useAdminQuery('regions', async () => answerOf(await storeClient.GET('/admin/settings/regions')));
}

export function useUpdateRegion() {
  return useSettingsMutation(async ({ countryCode, patch }: { countryCode: string; patch: RegionUpdate }) =>
    answerOf(
      await storeClient.PATCH('/admin/settings/regions/{countryCode}', {
        params: { path: { countryCode } },
        body: patch,
      }),
    ),
  );
}

export function useCreateRegion() {
  return useSettingsMutation(async (region: NewRegion) =>
    answerOf(await storeClient.POST('/admin/settings/regions', { body: region })),
  );
}

export function useShippingSettings() {
  return useAdminQuery('shipping', async () => answerOf(await storeClient.GET('/admin/settings/shipping')));
}

export function useSetLocationEnabled() {
  return useSettingsMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    storeClient.PATCH('/admin/settings/shipping/locations/{id}', {
      params: { path: { id } },
      body: { enabled },
    }),
  );
}

export function useSaveShippingRule() {
  return useSettingsMutation(
    async (
      input:
        | { id: string; rule: ShippingRuleInput }
        | { shippingLocationId: string; rule: ShippingRuleInput },
    ) =>
      answerOf(
        'id' in input
          ? await storeClient.PUT('/admin/settings/shipping/rules/{id}', {
              params: { path: { id: input.id } },
              body: input.rule,
            })
          : await storeClient.POST('/admin/settings/shipping/rules', { body: input }),
      ),
  );
}

export function useDeleteShippingRule() {
  return useSettingsMutation((id: string) =>
    storeClient.DELETE('/admin/settings/shipping/rules/{id}', { params: { path: { id } } }),
  );
}

export function useTaxRates() {
  return useAdminQuery('tax-rates', async () => answerOf(await storeClient.GET('/admin/settings/tax_rates')));
}

export function useSetTaxRate() {
  return useSettingsMutation(async ({ countryCode, input }: { countryCode: string; input: TaxRateInput }) =>
    answerOf(
      await storeClient.PUT('/admin/settings/tax_rates/{countryCode}', {
        params: { path: { countryCode } },
        body: input,
      }),
    ),
  );
}

export function useDeleteTaxRate() {
  return useSettingsMutation((countryCode: string) =>
    storeClient.DELETE('/admin/settings/tax_rates/{countryCode}', { params: { path: { countryCode } } }),
  );
}
