/** Accueil: four figures, quick actions (connect WhatsApp, configure the AI), recent activity. */
import { Bot, Inbox, Mail, MessageCircle, MessageSquare, ShoppingBag, Truck, type LucideIcon } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { Button, buttonClasses } from "@/components/Button";
import { toast } from "@/components/toast";
import { paths } from "@/config/paths";
import { ForecastHomeCard } from "@/features/analytics";
import { useAuth } from "@/features/auth";
import { getChecklistQueryOptions, ShopChecklist } from "@/features/shop";
import { useWhatsAppStatus, WhatsAppConnectPanel, WhatsAppQuickAction, WhatsAppReconnectBanner } from "@/features/whatsapp";
import { getErrorMessage } from "@/lib/errors";

import { useDashboardHome } from "../api/get-dashboard-home";
import { CompleteProfileCard } from "../components/CompleteProfileCard";
import { CONNECT_WHATSAPP_PARAM } from "@/components/ConnectWhatsAppLink";
import { Card, EmptyState, ErrorState, LOAD_ERROR_TITLE, PageHeader, Skeleton } from "@/components/states";
import { AI_SETTINGS_ANCHOR } from "@/config/anchors";
import { formatFigure, formatRelative } from "@/lib/format";
import type { DashboardActivityType } from "../types";

const activityIcons: Record<DashboardActivityType, LucideIcon> = {
  message: MessageSquare,
  order: ShoppingBag,
  delivery: Truck,
  email: Mail,
};

export default function HomePage() {
  const { user } = useAuth();
  const home = useDashboardHome();
  const whatsappConnected = useWhatsAppStatus().data?.connected;
  const queryClient = useQueryClient();
  const lastConnected = useRef(whatsappConnected);

  // Connecting or disconnecting in the panel changes the checklist's « Connectez WhatsApp » item.
  useEffect(() => {
    const before = lastConnected.current;
    lastConnected.current = whatsappConnected;
    if (before !== undefined && whatsappConnected !== undefined && before !== whatsappConnected) {
      void queryClient.invalidateQueries({ queryKey: getChecklistQueryOptions().queryKey });
    }
  }, [whatsappConnected, queryClient]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [whatsappOpen, setWhatsappOpen] = useState(() => searchParams.get(CONNECT_WHATSAPP_PARAM) === "connect");

  // Other pages' "Connecter WhatsApp" links land here with ?whatsapp=connect: open the panel once.
  useEffect(() => {
    if (searchParams.get(CONNECT_WHATSAPP_PARAM) !== "connect") return;
    setWhatsappOpen(true);
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (home.isError) toast.error(LOAD_ERROR_TITLE, getErrorMessage(home.error));
  }, [home.isError, home.error]);

  const connectButton = (
    <Button onClick={() => setWhatsappOpen(true)} aria-expanded={whatsappOpen}>
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      Connecter WhatsApp
    </Button>
  );

  return (
    <>
      <PageHeader title={user?.prenom ? `Bienvenue ${user.prenom} !` : "Bienvenue !"} description="Voici ce que votre assistant Flux IA a fait pour vous." />

      <CompleteProfileCard />

      <WhatsAppReconnectBanner onOpen={() => setWhatsappOpen(true)} />

      <ShopChecklist />

      {whatsappOpen && (
        <div className="mb-6">
          <WhatsAppConnectPanel onClose={() => setWhatsappOpen(false)} />
        </div>
      )}

      {home.isPending ? (
        <div role="status" aria-live="polite" data-testid="skeleton" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <span className="sr-only">Chargement...</span>
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <Skeleton className="h-3.5 w-1/2" />
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Chiffres clés">
          {home.data.cards.map((card) => (
            <li key={card.key} className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="kpi-card">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <p className="mt-1 text-2xl font-bold break-words text-slate-900">{formatFigure(card.value, card.unit)}</p>
              <p className="mt-2 text-xs text-slate-500">{card.explanation}</p>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
        <Card className="lg:col-span-1" aria-labelledby="quick-actions-title">
          <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
            Actions rapides
          </h2>
          <div className="mt-4 flex flex-col gap-3">
            <WhatsAppQuickAction onOpen={() => setWhatsappOpen(true)} expanded={whatsappOpen} />
            <Link to={`${paths.dashboard.profile}#${AI_SETTINGS_ANCHOR}`} className={buttonClasses("secondary")}>
              <Bot aria-hidden="true" className="h-4 w-4" />
              Configurer l'IA
            </Link>
          </div>
        </Card>

        <Card className="lg:col-span-2" aria-labelledby="activity-title">
          <h2 id="activity-title" className="text-lg font-semibold text-slate-900">
            Activité récente
          </h2>
          <div className="mt-4">
            {home.isPending ? (
              <div className="space-y-3" aria-hidden="true">
                {[0, 1, 2].map((index) => (
                  <Skeleton key={index} className="h-12 w-full" />
                ))}
              </div>
            ) : home.isError ? (
              <p className="text-sm text-slate-500">L'activité n'a pas pu être chargée.</p>
            ) : home.data.recent_activity.length === 0 ? (
              <EmptyState icon={Inbox} title="Aucune activité pour le moment" action={whatsappConnected ? undefined : connectButton}>
                Les messages de vos clients et les livraisons apparaîtront ici.
                {whatsappConnected ? " Votre numéro WhatsApp est connecté : ils arriveront dès qu'un client vous écrira." : " Commencez par connecter votre numéro WhatsApp."}
              </EmptyState>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="recent-activity">
                {home.data.recent_activity.map((activity, index) => {
                  const Icon = activityIcons[activity.type] ?? Inbox;
                  return (
                    <li key={`${activity.type}-${activity.time}-${index}`}>
                      <Link to={activity.link} className="flex items-start gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
                        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                          <Icon aria-hidden="true" className="h-4 w-4" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium text-slate-900">{activity.title}</span>
                          <span className="block truncate text-sm text-slate-600">{activity.description}</span>
                        </span>
                        <time dateTime={activity.time} className="shrink-0 text-xs text-slate-500">
                          {formatRelative(activity.time)}
                        </time>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </Card>
      </div>
      {home.data?.predictions_available && <ForecastHomeCard />}
    </>
  );
}
