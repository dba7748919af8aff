/** The API's JSON, field for field (DESIGN.md "API contract"), French names included. */

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface User {
  id: number | string;
  prenom: string;
  nom: string;
  adresse_email: string;
  numero_telephone: string;
  pays: string;
  nom_entreprise: string;
  secteur_activite: string;
  /** A plan code of the server's catalogue ("gratuit", "pro"...): the plans are data, not front-end constants. */
  plan_abonnement: string;
  statut_abonnement: string;
  compte_verifie: boolean;
  otp_verified: boolean;
  photo_profil: string | null;
  whatsapp: string;
  adresse: string;
  date_creation: string;
  date_modification: string;
}

/** GET /auth/me's `account` block: the plan's code and cap as the server's plan catalogue says. */
export interface AccountStatus {
  subscription_plan: string;
  is_fully_verified: boolean;
  /** -1 for unlimited. */
  conversation_limit: number;
}

/** GET /auth/me's `permissions` block: the plan's flags, the only source of what an account may open. */
export interface Permissions {
  can_access_analytics: boolean;
  can_use_advanced_features: boolean;
}

export interface MeResponse {
  user: User;
  account: AccountStatus;
  permissions: Permissions;
}

export interface MessageResponse {
  message: string;
}

/** An account signs in with its e-mail address or, for an account created by phone, its number. */
export type LoginPayload = CodeRecipient & { mot_de_passe: string };

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

/** When the code just sent expires (ISO 8601) and the seconds left until then (immune to a wrong device clock). */
export interface CodeExpiry {
  expires_at?: string | null;
  expires_in?: number | null;
}

export interface RegisterResponse extends MessageResponse, CodeExpiry {
  user: User;
  otp_sent: boolean;
}

export type QuickRegisterPayload =
  | { type: "email"; adresse_email: string; mot_de_passe: string }
  | { type: "phone"; numero_telephone: string; mot_de_passe: string };

export interface QuickRegisterResponse extends MessageResponse, CodeExpiry {
  otp_sent: boolean;
}

export interface ResendOtpResponse extends MessageResponse, CodeExpiry {}

/** The code is addressed to an e-mail or, after a quick register by phone, to a number. */
export type CodeRecipient = { adresse_email: string } | { numero_telephone: string };

export type VerifyOtpPayload = CodeRecipient & { otp_code: string };

export interface VerifyOtpResponse extends MessageResponse {
  user: User;
}

export type ResetPasswordPayload = CodeRecipient & { otp_code: string; mot_de_passe: string };

export type ProfileUpdatePayload = Partial<
  Pick<User, "prenom" | "nom" | "numero_telephone" | "pays" | "nom_entreprise" | "secteur_activite" | "whatsapp" | "adresse">
> & { photo_profil?: File };
