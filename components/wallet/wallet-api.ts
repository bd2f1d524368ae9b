// The wallet pages' calls from the browser (docs/recharge.md): packages, orders, the sandbox checkout, balances and
// the wallet's lists. Replies are typed by their schemas in lib/validation/recharge.ts, which the server builds with.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import type { UserAsset } from '@/lib/validation/users';
import type { CreateOrderReply, OrderItem, OrdersReply, PackagesReply, SandboxCompleteReply, WalletHistory } from '@/lib/validation/recharge';
import type { PaymentProvider, WalletHistoryKind } from '@/lib/validation/recharge-constants';

export const walletQueryKeys = {
  packages: (viewerId: number) => ['wallet', 'packages', viewerId] as const,
  balances: (viewerId: number) => ['wallet', 'balances', viewerId] as const,
  orders: (viewerId: number) => ['wallet', 'orders', viewerId] as const,
  order: (viewerId: number, orderId: number) => ['wallet', 'order', viewerId, orderId] as const,
  history: (viewerId: number, kind: WalletHistoryKind) => ['wallet', 'history', viewerId, kind] as const,
};

export function packagesQuery(viewerId: number) {
  return queryOptions({ queryKey: walletQueryKeys.packages(viewerId), queryFn: () => api.post<PackagesReply>('/api/recharge/packages') });
}

/** Fresh whenever the tab comes back into view: a payment finished in another tab or on the phone shows at once. */
export function balancesQuery(viewerId: number) {
  return queryOptions({
    queryKey: walletQueryKeys.balances(viewerId),
    queryFn: () => api.post<UserAsset>('/api/user/getUserAsset'),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

export function ordersQuery(viewerId: number) {
  return infiniteQueryOptions({
    queryKey: walletQueryKeys.orders(viewerId),
    queryFn: ({ pageParam }) => api.post<OrdersReply>('/api/recharge/orders', { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: OrdersReply) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** The order a checkout returned to: asked again every two seconds while its payment is unconfirmed. */
export function orderQuery(viewerId: number, orderId: number) {
  return queryOptions({
    queryKey: walletQueryKeys.order(viewerId, orderId),
    queryFn: () => api.post<OrderItem>('/api/recharge/order', { order_id: orderId }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}

export function walletHistoryQuery(viewerId: number, kind: WalletHistoryKind) {
  return infiniteQueryOptions({
    queryKey: walletQueryKeys.history(viewerId, kind),
    queryFn: ({ pageParam }) => api.post<WalletHistory>('/api/wallet/history', { kind, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: WalletHistory) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

export function createRechargeOrder(packageId: number, provider: PaymentProvider): Promise<CreateOrderReply> {
  return api.post<CreateOrderReply>('/api/recharge/create', { package_id: packageId, provider });
}

export function completeSandboxCheckout(orderId: number, outcome: 'paid' | 'failed'): Promise<SandboxCompleteReply> {
  return api.post<SandboxCompleteReply>('/api/recharge/sandbox/complete', { order_id: orderId, outcome });
}
