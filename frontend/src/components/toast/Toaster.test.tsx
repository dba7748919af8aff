import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Toaster } from "./Toaster";
import { TOAST_DURATION_MS, clearToasts, toast } from "./toast-store";

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe("Toaster", () => {
  it("announces a success in a status region and an error as an alert", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Connexion réussie !", "Bienvenue Awa Kouassi !");
      toast.error("Erreur de renvoi", "Trop de tentatives.");
    });
    expect(screen.getByRole("status")).toHaveTextContent("Connexion réussie !Bienvenue Awa Kouassi !");
    expect(screen.getByRole("alert")).toHaveTextContent("Erreur de renvoi");
  });

  it("closes a toast after five seconds", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info("Code renvoyé !");
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText("Code renvoyé !")).not.toBeInTheDocument();
  });

  it("closes a toast from its button", async () => {
    render(<Toaster />);
    act(() => {
      toast.success("Déconnexion réussie", "À bientôt !");
    });
    await userEvent.click(screen.getByRole("button", { name: "Fermer la notification" }));
    expect(screen.queryByText("Déconnexion réussie")).not.toBeInTheDocument();
  });
});
