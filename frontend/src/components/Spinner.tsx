import { cn } from "@/lib/cn";

export function Spinner({ size = "md", className }: { size?: "sm" | "md" | "lg"; className?: string }) {
  const sizes = { sm: "h-4 w-4 border-2", md: "h-6 w-6 border-2", lg: "h-10 w-10 border-4" };
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block animate-spin rounded-full border-current border-t-transparent", sizes[size], className)}
    />
  );
}

/** A full-screen wait with a visible, announced message. */
export function FullPageSpinner({ message }: { message: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center" role="status" aria-live="polite">
      <Spinner size="lg" className="text-brand-600" />
      <p className="text-slate-600">{message}</p>
    </div>
  );
}
