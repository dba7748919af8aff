/** Ma boutique: everything the assistant knows besides the products, plus the JSON import/export. */
import { useEffect } from "react";

import { toast } from "@/components/toast";
import { LlmSwitchCard } from "@/features/assistant";
import { ErrorState, LOAD_ERROR_TITLE, LoadingSkeleton, PageHeader } from "@/components/states";
import { getErrorMessage } from "@/lib/errors";

import { useFaq } from "../api/get-faq";
import { useShopProfile } from "../api/get-shop-profile";
import { useZones } from "../api/get-zones";
import { FaqCard } from "../components/FaqCard";
import { HistoryCard } from "../components/HistoryCard";
import { ImportExportButtons } from "../components/ImportExport";
import { PaymentProvidersCard } from "../components/PaymentProvidersCard";
import { AddressCard, HandoffCard, HoursCard, PaymentsCard } from "../components/ProfileCards";
import { ZonesCard } from "../components/ZonesCard";

export default function ShopPage() {
  const profile = useShopProfile();
  const zones = useZones();
  const faq = useFaq();
  const failed = [profile, zones, faq].find((query) => query.isError);

  useEffect(() => {
    if (failed) toast.error(LOAD_ERROR_TITLE, getErrorMessage(failed.error));
  }, [failed]);

  return (
    <>
      <PageHeader
        title="Ma boutique"
        description="Adresse, horaires, livraison, paiement et questions fréquentes : ce que votre assistant répond à vos clients."
        actions={<ImportExportButtons />}
      />
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => [profile, zones, faq].forEach((query) => void query.refetch())} />
      ) : !profile.data || !zones.data || !faq.data ? (
        <LoadingSkeleton rows={4} />
      ) : (
        // Keyed by the profile's content: after an import the forms start again from the new values.
        <div className="space-y-6" key={JSON.stringify(profile.data)}>
          <ZonesCard zones={zones.data} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <AddressCard profile={profile.data} />
            <HoursCard hours={profile.data.hours} />
            <PaymentsCard methods={profile.data.payment_methods} refused={profile.data.payment_not_accepted} />
            <HandoffCard profile={profile.data} />
          </div>
          <PaymentProvidersCard />
          <LlmSwitchCard />
          <FaqCard faq={faq.data} />
          <HistoryCard />
        </div>
      )}
    </>
  );
}
