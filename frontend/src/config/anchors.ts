/** Sections of the profile page that other parts of the dashboard link to. */
export const AI_SETTINGS_ANCHOR = "configuration-ia";
/** The user menu's Paramètres: the AI configuration and the notifications. */
export const SETTINGS_ANCHOR = "parametres";
