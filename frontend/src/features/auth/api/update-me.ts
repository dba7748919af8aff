import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiClient } from "@/api/client";
import type { MeResponse, ProfileUpdatePayload } from "@/api/types";

import { useAuth } from "../state/auth-context";
import { toFormData } from "./form-data";
import { meQueryKey } from "./get-me";

/** PATCH /auth/me: JSON, or multipart when a new photo is attached. Answers GET /auth/me's shape. */
export async function updateMe(payload: ProfileUpdatePayload): Promise<MeResponse> {
  const { photo_profil, ...fields } = payload;
  const data = photo_profil ? toFormData({ ...fields, photo_profil }) : fields;
  const response = await apiClient.patch<MeResponse>("/auth/me", data);
  return response.data;
}

/** On success the auth context's user (and the stored one) and the cached /auth/me are replaced. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      updateUser(me.user);
    },
  });
}
