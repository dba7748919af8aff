/** A template message drawn the way WhatsApp shows it to the customer: a bubble on the chat's beige. */
import { cn } from "@/lib/cn";

import { whatsappSegments, type Style } from "../lib/whatsapp";

const styleClasses: Record<Style, string> = { bold: "font-bold", italic: "italic", strike: "line-through", mono: "font-mono" };

export function WhatsAppBubble({ text, shopName }: { text: string; shopName?: string }) {
  return (
    <div className="rounded-xl bg-[#efeae2] p-3" data-testid="whatsapp-preview">
      <div className="max-w-[85%] rounded-lg rounded-tl-none bg-white px-3 py-2 text-sm text-slate-900 shadow-sm">
        {shopName && <p className="mb-1 text-xs font-semibold text-emerald-700">{shopName}</p>}
        <p className="break-words whitespace-pre-wrap">
          {whatsappSegments(text).map((segment, index) => (
            <span key={index} className={cn(...segment.styles.map((style) => styleClasses[style]))}>
              {segment.text}
            </span>
          ))}
        </p>
      </div>
    </div>
  );
}
