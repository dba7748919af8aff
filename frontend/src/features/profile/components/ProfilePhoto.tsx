import { Camera } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";

import { toast } from "@/components/toast";
import { UserAvatar } from "@/components/UserAvatar";
import { useAuth, useUpdateMe } from "@/features/auth";
import { normalizeError } from "@/lib/errors";

/** The server's limits (accounts/photos.py): JPEG, PNG or WebP, at most 5 Mo. */
const ACCEPTED = "image/jpeg,image/png,image/webp";
const MAX_BYTES = 5 * 1024 * 1024;
export const MSG_PHOTO_TOO_LARGE = "La photo ne doit pas dépasser 5 Mo.";
export const MSG_PHOTO_FORMAT = "Format de photo non pris en charge : utilisez JPEG, PNG ou WebP.";

/** The profile photo (initials when there is none) and the button that changes it (PATCH /auth/me, multipart). */
export function ProfilePhoto() {
  const { user } = useAuth();
  const save = useUpdateMe();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPTED.split(",").includes(file.type)) return setError(MSG_PHOTO_FORMAT);
    if (file.size > MAX_BYTES) return setError(MSG_PHOTO_TOO_LARGE);
    setError(null);
    save.mutate(
      { photo_profil: file },
      {
        onSuccess: () => toast.success("Photo mise à jour", "Votre nouvelle photo de profil est enregistrée."),
        onError: (failure) => {
          const normalized = normalizeError(failure);
          setError(normalized.errors?.photo_profil?.[0] ?? normalized.message);
        },
      },
    );
  };

  const label = save.isPending ? "Envoi de la photo..." : user?.photo_profil ? "Changer la photo" : "Ajouter une photo";
  return (
    <div className="flex flex-col items-center gap-1">
      <div className="relative">
        <UserAvatar prenom={user?.prenom} nom={user?.nom} photo={user?.photo_profil} className="h-16 w-16 text-lg" />
        {/* A camera button on the photo: compact on a phone, where the name needs the width. */}
        <label
          htmlFor={inputId}
          title={label}
          aria-disabled={save.isPending}
          className="absolute -right-1 -bottom-1 flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          <Camera aria-hidden="true" className={save.isPending ? "h-4 w-4 animate-pulse" : "h-4 w-4"} />
          <span className="sr-only">{label}</span>
          <input
            ref={input}
            id={inputId}
            name="photo_profil"
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            disabled={save.isPending}
            onChange={onChange}
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="max-w-48 text-center text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
