/** The shop's payment providers (« Ma boutique »): GET /payments/providers, PUT and DELETE
 * /payments/providers/<provider>. Credentials go in and never come back: answers hold booleans. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";

import type { PaymentProviderCode, PaymentProviderInput, PaymentProviders } from "../types";
import { shopQueryKey } from "./keys";

export const paymentProvidersQueryKey = [...shopQueryKey, "payment-providers"] as const;

export async function getPaymentProviders(): Promise<PaymentProviders> {
  const response = await apiClient.get<PaymentProviders>("/payments/providers");
  return response.data;
}

export const getPaymentProvidersQueryOptions = () => queryOptions({ queryKey: paymentProvidersQueryKey, queryFn: getPaymentProviders });

export function usePaymentProviders() {
  return useQuery(getPaymentProvidersQueryOptions());
}

export async function setPaymentProvider({ provider, ...input }: { provider: PaymentProviderCode } & PaymentProviderInput): Promise<PaymentProviders> {
  const response = await apiClient.put<PaymentProviders>(`/payments/providers/${provider}`, input);
  return response.data;
}

export async function deletePaymentProvider(provider: PaymentProviderCode): Promise<PaymentProviders> {
  const response = await apiClient.delete<PaymentProviders>(`/payments/providers/${provider}`);
  return response.data;
}

export function useSetPaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentProvider,
    onSuccess: (data) => queryClient.setQueryData(paymentProvidersQueryKey, data),
  });
}

export function useDeletePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentProvider,
    onSuccess: (data) => queryClient.setQueryData(paymentProvidersQueryKey, data),
  });
}
