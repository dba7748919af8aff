import { apiClient } from "@/api/client";
import type { RegisterPayload, RegisterResponse } from "@/api/types";

import { toFormData } from "./form-data";

/** POST /auth/registers: JSON, or multipart with the profile photo. */
export async function register(payload: RegisterPayload): Promise<RegisterResponse> {
  const { photo_profil, ...fields } = payload;
  const body = {
    ...fields,
    secteur_activite: fields.secteur_activite ?? "",
    nom_entreprise: fields.nom_entreprise ?? "",
  };
  const data = photo_profil ? toFormData({ ...body, photo_profil }) : body;
  const response = await apiClient.post<RegisterResponse>("/auth/registers", data, { anonymous: true });
  return response.data;
}
