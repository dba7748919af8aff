/**
 * The home page's view of the WhatsApp connection (issue 13, the owner's side): the connected number
 * and its verified name in the quick actions, and « Reconnectez WhatsApp » once Meta refused the
 * token (error 190). Both open the panel through the page's ``onOpen``.
 */
import { MessageCircle, RefreshCw } from "lucide-react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { formatPhone } from "@/lib/phone";

import { useWhatsAppStatus } from "../api/get-whatsapp-status";
import { whatsappMessages as msg } from "../messages";

interface Props {
  onOpen: () => void;
  expanded: boolean;
}

/** « Connecter WhatsApp », or the connected number with « Gérer WhatsApp ». */
export function WhatsAppQuickAction({ onOpen, expanded }: Props) {
  const status = useWhatsAppStatus().data;
  if (!status?.connected || status.needs_reconnect) {
    return (
      <Button onClick={onOpen} aria-expanded={expanded}>
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        {status?.needs_reconnect ? "Reconnecter WhatsApp" : "Connecter WhatsApp"}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded-lg bg-green-50 p-3 ring-1 ring-green-200" data-testid="whatsapp-connected-summary">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-green-800">
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        WhatsApp connecté
      </p>
      {status.display_phone_number && (
        <p className="text-sm text-slate-800">
          <span className="font-medium whitespace-nowrap">{formatPhone(status.display_phone_number)}</span>
          {status.verified_name && <span className="block text-slate-600">{status.verified_name}</span>}
        </p>
      )}
      <Button variant="secondary" onClick={onOpen} aria-expanded={expanded} fullWidth>
        Gérer WhatsApp
      </Button>
    </div>
  );
}

/** Shown while Meta refuses the stored token: nothing leaves until the owner reconnects. */
export function WhatsAppReconnectBanner({ onOpen }: { onOpen: () => void }) {
  const status = useWhatsAppStatus().data;
  if (!status?.connected || !status.needs_reconnect) return null;
  return (
    <Alert tone="error" title={msg.reconnectTitle} className="mb-6">
      <p data-testid="whatsapp-reconnect-banner">{msg.reconnectText}</p>
      <Button variant="danger" className="mt-2" onClick={onOpen}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Reconnecter WhatsApp
      </Button>
    </Alert>
  );
}
