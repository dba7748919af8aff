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
  reconnectTitle: "Reconnectez WhatsApp",
  reconnectText:
    "WhatsApp a refusé l'accès de Flux IA à votre numéro (jeton expiré ou révoqué) : aucun message ne part tant que vous ne l'avez pas reconnecté.",
  // The manual set-up (an owner's own Meta app).
  manualChecking: "Vérification auprès de Meta...",
  phoneNumberIdRequired: "L'identifiant du numéro de téléphone est requis.",
  wabaIdRequired: "L'identifiant du compte WhatsApp Business est requis.",
  tokenRequired: "Le jeton d'accès permanent est requis.",
  idDigitsOnly: "Uniquement des chiffres, tels que Meta les affiche.",
  tokenInvalidCharacters: "Le jeton d'accès contient des caractères invalides.",
  appSecretRequired:
    "La clé secrète de votre application Meta est requise : c'est elle qui signe les messages que Meta envoie à Flux IA pour ce numéro (Paramètres de l'application → Général).",
  appSecretFormat:
    "La clé secrète de l'application compte 32 caractères (chiffres et lettres de a à f), telle que Meta l'affiche.",
  copied: "Copié !",
  copyFailed: "Copie impossible : sélectionnez le texte et copiez-le.",
  notReceiving:
    "La réception des messages WhatsApp n'est pas encore activée sur ce serveur (jeton de vérification absent) : votre numéro peut être enregistré, mais Meta ne pourra pas y envoyer les messages de vos clients tant que l'administrateur de Flux IA ne l'aura pas activée.",
} as const;

export type WhatsAppMessage = (typeof whatsappMessages)[keyof typeof whatsappMessages];
