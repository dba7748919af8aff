import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Toaster } from "./Toaster";
import { TOAST_DURATIONS_MS, TOAST_DURATION_MS, clearToasts, toast, toastsRouteChanged } from "./toast-store";

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

  it("closes a toast after its time", () => {
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

describe("toasts stay out of the way", () => {
  it("replaces an error with the next one instead of stacking them", () => {
    render(<Toaster />);
    act(() => {
      toast.error("Erreur de vérification", "Code OTP invalide.");
      toast.error("Erreur de vérification", "Code OTP invalide (2).");
      toast.error("Erreur de vérification", "Trop de tentatives incorrectes.");
    });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("Trop de tentatives incorrectes.");
  });

  it("shows at most two toasts", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Un");
      toast.info("Deux");
      toast.success("Trois");
    });
    expect(screen.queryByText("Un")).not.toBeInTheDocument();
    expect(screen.getByText("Deux")).toBeInTheDocument();
    expect(screen.getByText("Trois")).toBeInTheDocument();
  });

  it("keeps a toast across the navigation it announces but not the next one", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Compte vérifié !");
    });
    act(() => toastsRouteChanged());
    expect(screen.getByText("Compte vérifié !")).toBeInTheDocument();
    act(() => {
      toast.success("Connexion réussie !");
    });
    act(() => toastsRouteChanged());
    expect(screen.queryByText("Compte vérifié !")).not.toBeInTheDocument();
    expect(screen.getByText("Connexion réussie !")).toBeInTheDocument();
  });

  it("closes a success sooner than an error", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success("Profil mis à jour");
      toast.error("Erreur de renvoi");
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATIONS_MS.success));
    expect(screen.queryByText("Profil mis à jour")).not.toBeInTheDocument();
    expect(screen.getByText("Erreur de renvoi")).toBeInTheDocument();
  });
});
