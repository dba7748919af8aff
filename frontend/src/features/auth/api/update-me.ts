import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import type { MeResponse, ProfileUpdatePayload } from "@/api/types";
import { meQueryKey } from "@/features/auth/api/me";
import { useAuth } from "@/features/auth/state/auth-context";

export type ProfileFields = Pick<Required<ProfileUpdatePayload>, "prenom" | "nom" | "numero_telephone" | "whatsapp" | "adresse">;

/** PATCH /auth/me with the personal information (JSON; a photo would go as multipart). */
export async function updateProfile(fields: ProfileFields): Promise<MeResponse> {
  const response = await apiClient.patch<MeResponse>("/auth/me", fields);
  return response.data;
}

/** On success the auth context's user (and the stored one) and the cached /auth/me are replaced. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      updateUser(me.user);
    },
  });
}
