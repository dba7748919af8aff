/** The WhatsApp panel's French texts. Those quoted in SPEC.md section 8 are exact. */
export const whatsappMessages = {
  httpsRequired: "La connexion Facebook/WhatsApp nécessite une page en HTTPS.",
  sdkMissing: "SDK Facebook non chargé. Veuillez rafraîchir la page.",
  sdkInitialising: "SDK Facebook en cours d'initialisation. Veuillez patienter...",
  sdkNotReady: "Erreur: SDK Facebook non prêt",
  loginUnavailable: "Erreur: Méthode FB.login non disponible",
  initError: "Erreur lors de l'initialisation Facebook SDK",
  loginError: "Erreur lors de la connexion.",
  cancelled: "La connexion a été annulée.",
  configurationError: "Une erreur est survenue lors de la configuration.",
  success: "Votre compte est maintenant connecté !",
  // Not worded by SPEC.md (section 4 only names the states).
  inProgress: "Connexion en cours...",
  alreadyConnected: "Votre compte WhatsApp est déjà connecté.",
  checkingStatus: "Vérification de la connexion WhatsApp...",
  disconnectError: "La déconnexion a échoué. Veuillez réessayer.",
} as const;

export type WhatsAppMessage = (typeof whatsappMessages)[keyof typeof whatsappMessages];
