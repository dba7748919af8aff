/** One typed function per /api/v1/auth endpoint (DESIGN.md's table). */
import { apiClient } from "./client";
import type {
  AccountStatus,
  CodeRecipient,
  LoginPayload,
  LoginResponse,
  MeResponse,
  MessageResponse,
  Permissions,
  PlanCode,
  ProfileUpdatePayload,
  QuickRegisterPayload,
  QuickRegisterResponse,
  RegisterPayload,
  RegisterResponse,
  ResetPasswordPayload,
  User,
  VerifyOtpPayload,
  VerifyOtpResponse,
} from "./types";

/** Multipart when a file is attached; empty optional values travel as empty strings (SPEC.md). */
function toFormData(fields: Record<string, string | File | null | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof File) form.append(key, value);
    else if (value !== null && value !== undefined) form.append(key, value);
  }
  return form;
}

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

export async function quickRegister(payload: QuickRegisterPayload): Promise<QuickRegisterResponse> {
  const response = await apiClient.post<QuickRegisterResponse>("/auth/quick-register", payload, { anonymous: true });
  return response.data;
}

export async function verifyOtp(payload: VerifyOtpPayload): Promise<VerifyOtpResponse> {
  const response = await apiClient.post<VerifyOtpResponse>("/auth/verify-otp", payload, { anonymous: true });
  return response.data;
}

export async function resendOtp(recipient: CodeRecipient): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/resend-otp", recipient, { anonymous: true });
  return response.data;
}

export async function login(payload: LoginPayload): Promise<LoginResponse> {
  const response = await apiClient.post<LoginResponse>("/auth/login", payload, { anonymous: true });
  return response.data;
}

const PLAN_CODES: readonly PlanCode[] = ["gratuit", "pro", "entreprise"];
const CONVERSATION_LIMITS: Record<PlanCode, number> = { gratuit: 100, pro: 1000, entreprise: -1 };

/**
 * A profile response may wrap the user in `user` or be the user itself (SPEC.md section 3); the
 * account and permissions are derived from the plan when the server leaves them out.
 */
export function toMeResponse(data: unknown): MeResponse {
  const body = (data ?? {}) as Partial<MeResponse> & Partial<User>;
  const user = (body.user ?? body) as User;
  const plan = (PLAN_CODES as readonly string[]).includes(user.plan_abonnement) ? (user.plan_abonnement as PlanCode) : "gratuit";
  const account: AccountStatus = body.account ?? {
    subscriptionPlan: plan,
    isFullyVerified: true,
    conversationLimit: CONVERSATION_LIMITS[plan],
  };
  const permissions: Permissions = body.permissions ?? {
    canAccessAnalytics: plan !== "gratuit",
    canUseAdvancedFeatures: plan === "entreprise",
  };
  return { user, account, permissions };
}

export async function getMe(): Promise<MeResponse> {
  const response = await apiClient.get<unknown>("/auth/me");
  return toMeResponse(response.data);
}

export async function updateMe(payload: ProfileUpdatePayload): Promise<MeResponse> {
  const { photo_profil, ...fields } = payload;
  const data = photo_profil ? toFormData({ ...fields, photo_profil }) : fields;
  const response = await apiClient.patch<unknown>("/auth/me", data);
  return toMeResponse(response.data);
}

/** Fire-and-forget on the caller's side; a 401 here must not send anyone to /auth. */
export async function logout(refreshToken: string | null): Promise<MessageResponse> {
  const body = refreshToken ? { refresh_token: refreshToken } : {};
  const response = await apiClient.post<MessageResponse>("/auth/logout", body, { skipAuthRefresh: true });
  return response.data;
}

export async function forgotPassword(payload: { adresse_email: string }): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/forgot-password", payload, { anonymous: true });
  return response.data;
}

export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  const response = await apiClient.post<MessageResponse>("/auth/reset-password", payload, { anonymous: true });
  return response.data;
}
