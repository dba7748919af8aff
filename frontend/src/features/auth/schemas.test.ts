import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";

import {
  forgotPasswordSchema,
  loginSchema,
  messages,
  otpCodeSchema,
  quickRegisterSchema,
  registerSchema,
  resetPasswordSchema,
} from "./schemas";

/** The messages zod reports for `value`, per field path ("" for the root). */
function errorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const validRegistration = {
  nom: "Kouassi",
  prenom: "Awa",
  adresse_email: "awa.kouassi@example.ci",
  numero_telephone: "+2250701020304",
  pays: "Côte d'Ivoire",
  secteur_activite: "",
  nom_entreprise: "",
  mot_de_passe: "Motdepasse1",
  photo_profil: null,
};

describe("loginSchema", () => {
  it("accepts a valid e-mail and any password", () => {
    expect(errorsOf(loginSchema, { adresse_email: "awa@example.ci", mot_de_passe: "x", remember: false })).toEqual({});
  });

  it("rejects an invalid e-mail with 'Adresse email invalide'", () => {
    expect(errorsOf(loginSchema, { adresse_email: "awa", mot_de_passe: "x", remember: false }).adresse_email).toContain(
      "Adresse email invalide",
    );
  });

  it("rejects an e-mail under 5 characters", () => {
    expect(errorsOf(loginSchema, { adresse_email: "a@b", mot_de_passe: "x", remember: false }).adresse_email).toContain(
      "L'email doit contenir au moins 5 caractères",
    );
  });

  it("requires the password", () => {
    expect(errorsOf(loginSchema, { adresse_email: "awa@example.ci", mot_de_passe: "", remember: false })).toEqual({
      mot_de_passe: ["Le mot de passe est requis"],
    });
  });
});

describe("registerSchema", () => {
  const withField = (field: string, value: unknown) => errorsOf(registerSchema, { ...validRegistration, [field]: value })[field];

  it("accepts a complete registration", () => {
    expect(errorsOf(registerSchema, validRegistration)).toEqual({});
  });

  it("bounds the last name between 2 and 50 characters", () => {
    expect(withField("nom", "K")).toEqual(["Le nom doit contenir au moins 2 caractères"]);
    expect(withField("nom", "K".repeat(51))).toEqual(["Le nom ne peut pas dépasser 50 caractères"]);
  });

  it("bounds the first name between 2 and 50 characters", () => {
    expect(withField("prenom", "A")).toEqual(["Le prénom doit contenir au moins 2 caractères"]);
    expect(withField("prenom", "A".repeat(51))).toEqual(["Le prénom ne peut pas dépasser 50 caractères"]);
  });

  it("checks the e-mail as the login does", () => {
    expect(withField("adresse_email", "pas-un-email")).toEqual(["Adresse email invalide"]);
  });

  it("wants a +225 number of 13 to 20 characters", () => {
    expect(withField("numero_telephone", "+22507")).toContain("Numéro de téléphone trop court");
    expect(withField("numero_telephone", "+22507010203040506070")).toContain("Numéro de téléphone trop long");
    expect(withField("numero_telephone", "+33612345678901")).toEqual([
      "Le numéro doit commencer par +225 et contenir entre 8 à 10 chiffres",
    ]);
  });

  it("asks for a country", () => {
    expect(withField("pays", "")).toEqual(["Veuillez sélectionner un pays"]);
  });

  it("wants a password of 8 characters with a capital, a small letter and a digit", () => {
    expect(withField("mot_de_passe", "Abc1")).toContain("Le mot de passe doit contenir au moins 8 caractères");
    expect(withField("mot_de_passe", "motdepasse")).toEqual([
      "Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre",
    ]);
  });

  it("accepts any image as the optional photo and nothing else", () => {
    expect(withField("photo_profil", new File(["x"], "moi.webp", { type: "image/webp" }))).toBeUndefined();
    expect(withField("photo_profil", new File(["x"], "cv.pdf", { type: "application/pdf" }))).toEqual([
      "La photo de profil doit être une image",
    ]);
  });
});

describe("otpCodeSchema", () => {
  it("wants exactly six digits", () => {
    expect(otpCodeSchema.safeParse("123456").success).toBe(true);
    for (const bad of ["12345", "1234567", "12a456", ""]) {
      expect(errorsOf(otpCodeSchema, bad)[""]).toEqual(["Le code OTP doit contenir 6 chiffres."]);
    }
    expect(messages.otpTitle).toBe("Code invalide");
  });
});

describe("quickRegisterSchema", () => {
  it("requires an e-mail of e-mail type and a password", () => {
    expect(errorsOf(quickRegisterSchema, { type: "email", adresse_email: "", mot_de_passe: "" })).toEqual({
      adresse_email: ["L'adresse email est requise", "Adresse email invalide"],
      mot_de_passe: ["Le mot de passe est requis"],
    });
    expect(errorsOf(quickRegisterSchema, { type: "email", adresse_email: "a@b.ci", mot_de_passe: "Rapide2025x" })).toEqual({});
  });

  it("requires a number with its leading plus in phone mode", () => {
    expect(errorsOf(quickRegisterSchema, { type: "phone", numero_telephone: "+225", mot_de_passe: "Rapide2025x" })).toEqual({
      numero_telephone: ["Le numéro de téléphone est requis", "Numéro de téléphone invalide"],
    });
    expect(errorsOf(quickRegisterSchema, { type: "phone", numero_telephone: "0701", mot_de_passe: "x" }).numero_telephone).toContain(
      "Numéro de téléphone invalide",
    );
    expect(errorsOf(quickRegisterSchema, { type: "phone", numero_telephone: "+2250701020304", mot_de_passe: "Rapide2025x" })).toEqual({});
  });

  it("checks the password with the full registration's rules", () => {
    expect(errorsOf(quickRegisterSchema, { type: "email", adresse_email: "a@b.ci", mot_de_passe: "faible" })).toEqual({
      mot_de_passe: [
        "Le mot de passe doit contenir au moins 8 caractères",
        "Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre",
      ],
    });
  });
});

describe("password reset schemas", () => {
  it("checks the e-mail, then the code, the strength and the confirmation", () => {
    expect(errorsOf(forgotPasswordSchema, { adresse_email: "x" }).adresse_email).toContain("Adresse email invalide");
    expect(
      errorsOf(resetPasswordSchema, { otp_code: "12", mot_de_passe: "faible", confirmation_mot_de_passe: "faible" }),
    ).toEqual({
      otp_code: ["Le code OTP doit contenir 6 chiffres."],
      mot_de_passe: [
        "Le mot de passe doit contenir au moins 8 caractères",
        "Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre",
      ],
    });
    expect(
      errorsOf(resetPasswordSchema, { otp_code: "123456", mot_de_passe: "Nouveau123", confirmation_mot_de_passe: "Nouveau124" }),
    ).toEqual({ confirmation_mot_de_passe: ["Les mots de passe ne correspondent pas"] });
  });
});

describe("loginSchema with a phone number", () => {
  it("accepts a phone number however it is written", () => {
    for (const number of ["0505123456", "05 05 12 34 56", "+2250505123456", "+225 05 05 12 34 56"]) {
      expect(errorsOf(loginSchema, { adresse_email: number, mot_de_passe: "x", remember: false })).toEqual({});
    }
  });

  it("rejects a number too short to be one", () => {
    expect(errorsOf(loginSchema, { adresse_email: "0505", mot_de_passe: "x", remember: false }).adresse_email).toContain(
      "Numéro de téléphone invalide",
    );
  });
});
