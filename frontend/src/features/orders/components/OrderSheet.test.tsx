import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AxiosError, type AxiosAdapter, type AxiosResponse } from "axios";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { apiClient } from "@/api/client";

import type { OrderDetail } from "../types";
import { OrderSheet } from "./OrderSheet";

const moussa = { id: 7, name: "Moussa Koné", phone: "+2250707080910", vehicle: "moto", side: "north", commune: "Cocody" } as const;
const ali = { id: 8, name: "Ali Traoré", phone: "+2250101010101", vehicle: "moto", side: "south", commune: "Marcory" } as const;

const ORDER: OrderDetail = {
  id: 5,
  reference: "CMD-2026-00005",
  status: "preparing",
  status_label: "En préparation",
  items: [{ sku: "G1", name: "Garba", quantity: 2, unit_price: 1500, line_total: 3000 }],
  zone: "Cocody",
  subtotal: 3000,
  delivery_fee: 1000,
  total: 4000,
  payment_method: "cash",
  payment_method_label: "Espèces",
  customer: { name: "Fatou Bamba", whatsapp_number: "+2250707080910" },
  conversation_id: 12,
  source: "assistant",
  created_at: "2026-11-22T12:00:00Z",
  address: "Angré",
  commune: "Cocody",
  eta_minutes: 40,
  cancel_reason: "",
  next_statuses: ["out_for_delivery", "cancelled"],
  history: [],
  delivery: null,
  suggested_driver: moussa,
  driver_choices: [
    { ...moussa, eligible: true },
    { ...ali, eligible: false },
  ],
  lagoon_side: "north",
};

/** The server, faked at the axios adapter: the real client runs. */
function fakeServer(routes: Record<string, (body: unknown) => { status: number; data: unknown }>) {
  const calls: { key: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    calls.push({ key, body });
    const reply = routes[key]?.(body) ?? { status: 404, data: { message: "Ressource introuvable.", error: "not_found", statusCode: 404 } };
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: "", headers: {}, config };
    if (reply.status >= 400) throw new AxiosError(`status ${reply.status}`, "ERR_BAD_RESPONSE", config, null, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return calls;
}

function renderSheet() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrderSheet orderId={5} onClose={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  apiClient.defaults.adapter = undefined;
});

describe("OrderSheet", () => {
  it("preselects the suggested driver and marks the ones who cannot reach the address", async () => {
    fakeServer({ "GET /orders/5": () => ({ status: 200, data: ORDER }) });
    renderSheet();

    const select = (await screen.findByLabelText("Livreur")) as HTMLSelectElement;
    expect(select.value).toBe("7");
    expect(screen.getByRole("option", { name: "Ali Traoré · moto · Marcory — ne peut pas livrer cette adresse" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voir la conversation" })).toHaveAttribute("href", "/dashboard/conversations?conversation=12");
  });

  it("assigns the chosen driver and shows the server's French refusal", async () => {
    const calls = fakeServer({
      "GET /orders/5": () => ({ status: 200, data: ORDER }),
      "POST /orders/5/assign-driver": (body) =>
        (body as { driver_id: number }).driver_id === 8
          ? {
              status: 400,
              data: { message: "Ali Traoré circule à moto et ne peut pas traverser les ponts de la lagune.", error: "driver_cannot_cross", statusCode: 400 },
            }
          : { status: 200, data: { ...ORDER, delivery: { reference: "LIV-2026-001", status: "preparing", status_label: "Préparation", driver: moussa } } },
    });
    renderSheet();

    const select = (await screen.findByLabelText("Livreur")) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: "8" } });
    fireEvent.click(screen.getByRole("button", { name: "Assigner un livreur" }));
    expect(await screen.findByText(/ne peut pas traverser les ponts de la lagune/)).toBeInTheDocument();

    fireEvent.change(select, { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Assigner un livreur" }));
    await waitFor(() => expect(screen.getByText(/Livraison LIV-2026-001/)).toBeInTheDocument());
    expect(calls.filter((call) => call.key === "POST /orders/5/assign-driver").map((call) => call.body)).toEqual([{ driver_id: 8 }, { driver_id: 7 }]);
  });
});
