/** The API's JSON, field for field (DESIGN.md "API contract"), French names included. */

export type PlanCode = "gratuit" | "pro" | "entreprise";

export interface User {
  id: number | string;
  prenom: string;
  nom: string;
  adresse_email: string;
  numero_telephone: string;
  pays: string;
  nom_entreprise: string;
  secteur_activite: string;
  plan_abonnement: PlanCode | string;
  statut_abonnement: string;
  compte_verifie: boolean;
  otp_verified: boolean;
  photo_profil: string | null;
  whatsapp: string;
  adresse: string;
  date_creation: string;
  date_modification: string;
}

export interface AccountStatus {
  subscriptionPlan: PlanCode;
  isFullyVerified: boolean;
  conversationLimit: number;
}

export interface Permissions {
  canAccessAnalytics: boolean;
  canUseAdvancedFeatures: boolean;
}

export interface MeResponse {
  user: User;
  account: AccountStatus;
  permissions: Permissions;
}

export interface MessageResponse {
  message: string;
}

export interface LoginPayload {
  adresse_email: string;
  mot_de_passe: string;
}

export interface LoginResponse {
  user: User;
  access_token: string;
  refresh_token: string;
}

export interface RefreshResponse {
  access_token: string;
  refresh_token?: string;
}

export interface RegisterPayload {
  nom: string;
  prenom: string;
  adresse_email: string;
  numero_telephone: string;
  pays: string;
  secteur_activite?: string;
  nom_entreprise?: string;
  mot_de_passe: string;
  photo_profil?: File | null;
}

export interface RegisterResponse extends MessageResponse {
  user: User;
  otp_sent: boolean;
}

export type QuickRegisterPayload =
  | { type: "email"; adresse_email: string; mot_de_passe: string }
  | { type: "phone"; numero_telephone: string; mot_de_passe: string };

export interface QuickRegisterResponse extends MessageResponse {
  otp_sent: boolean;
}

/** The code is addressed to an e-mail or, after a quick register by phone, to a number. */
export type CodeRecipient = { adresse_email: string } | { numero_telephone: string };

export type VerifyOtpPayload = CodeRecipient & { otp_code: string };

export interface VerifyOtpResponse extends MessageResponse {
  user: User;
}

export interface ResetPasswordPayload {
  adresse_email: string;
  otp_code: string;
  mot_de_passe: string;
}

export type ProfileUpdatePayload = Partial<
  Pick<User, "prenom" | "nom" | "numero_telephone" | "pays" | "nom_entreprise" | "secteur_activite" | "whatsapp" | "adresse">
> & { photo_profil?: File };
