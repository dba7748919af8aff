import { MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";

import { buttonClasses } from "@/components/Button";
import { paths } from "@/config/paths";

/** The home page opens the WhatsApp panel when it is reached with ?whatsapp=connect. */
export const CONNECT_WHATSAPP_PARAM = "whatsapp";
export const CONNECT_WHATSAPP_HREF = `${paths.dashboard.root}?${CONNECT_WHATSAPP_PARAM}=connect`;

export function ConnectWhatsAppLink({ variant = "primary" }: { variant?: "primary" | "secondary" }) {
  return (
    <Link to={CONNECT_WHATSAPP_HREF} className={buttonClasses(variant)}>
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      Connecter WhatsApp
    </Link>
  );
}
