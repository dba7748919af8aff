import { useState } from "react";

import { cn } from "@/lib/cn";
import { initials } from "@/lib/format";

interface UserAvatarProps {
  prenom?: string;
  nom?: string;
  /** The profile photo's URL (GET /auth/me's `photo_profil`); initials when there is none. */
  photo?: string | null;
  className?: string;
}

/** The owner's profile photo in a circle, or their initials when there is none (or it fails to load). */
export function UserAvatar({ prenom, nom, photo, className }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = "flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-xs font-bold text-white";
  if (photo && failed !== photo) {
    return (
      <img
        src={photo}
        alt=""
        data-testid="user-avatar-photo"
        onError={() => setFailed(photo)}
        className={cn(base, "bg-slate-200 object-cover", className)}
      />
    );
  }
  return (
    <span aria-hidden="true" data-testid="user-avatar-initials" className={cn(base, className)}>
      {initials(prenom, nom)}
    </span>
  );
}
