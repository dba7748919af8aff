import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";

import { cn } from "@/lib/cn";

import { OTP_LENGTH } from "../schemas";

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedById?: string;
  labelId: string;
}

/**
 * Six one-digit slots. Typing moves forward, Backspace clears and moves back, the arrow keys move,
 * and a pasted or auto-filled code spreads over the slots.
 */
export function OtpInput({ value, onChange, disabled, invalid, describedById, labelId }: OtpInputProps) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? "");

  const focus = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    target?.focus();
    target?.select();
  };

  const writeFrom = (start: number, typed: string) => {
    const incoming = typed.replace(/\D/g, "");
    if (!incoming) return;
    const next = [...digits];
    // A whole code (paste, SMS or password-manager autofill) always starts at the first slot.
    const from = incoming.length >= OTP_LENGTH ? 0 : start;
    for (let i = 0; i < incoming.length && from + i < OTP_LENGTH; i += 1) next[from + i] = incoming[i];
    onChange(next.join("").slice(0, OTP_LENGTH).replace(/\s/g, ""));
    focus(Math.min(from + incoming.length, OTP_LENGTH - 1));
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    // Keep the value contiguous: an emptied slot drops what follows it.
    const joined = next.join("");
    onChange(digit ? joined : next.slice(0, index).join("") + next.slice(index + 1).join(""));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      if (digits[index]) setDigit(index, "");
      else if (index > 0) {
        setDigit(index - 1, "");
        focus(index - 1);
      }
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === "Delete") {
      event.preventDefault();
      setDigit(index, "");
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    writeFrom(index, event.clipboardData.getData("text"));
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedById} className="flex justify-between gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The slots never reorder; the index is their identity.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          name="otp_code"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={OTP_LENGTH}
          value={digit}
          disabled={disabled}
          aria-label={`Chiffre ${index + 1} sur ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, "");
            if (!typed) return;
            if (typed.length > 1) writeFrom(index, typed.length === 2 && digit ? typed.replace(digit, "") || typed : typed);
            else {
              // Typing into a slot past the end of the code fills the first empty slot instead.
              const target = Math.min(index, value.length);
              setDigit(target, typed);
              focus(target + 1);
            }
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={cn(
            "h-12 w-full min-w-0 max-w-14 rounded-lg border text-center text-xl font-semibold text-slate-900 sm:h-14",
            "focus:outline-none focus:ring-2 disabled:bg-slate-100",
            invalid ? "border-red-400 focus:ring-red-200" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100",
          )}
        />
      ))}
    </div>
  );
}
