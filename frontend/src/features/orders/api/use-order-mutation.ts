import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { OrderDetail } from "../types";
import { ordersQueryKey } from "./get-orders";

/** Every order action answers the updated detail: store it, and refetch the lists and counters
 * (and the logistics page, whose deliveries follow the orders). */
export function useOrderMutation<TInput>(mutationFn: (input: TInput) => Promise<OrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData([...ordersQueryKey, "detail", order.id], order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, predicate: (query) => query.queryKey[1] !== "detail" });
      void queryClient.invalidateQueries({ queryKey: ["dashboard", "logistics"] });
    },
  });
}
