/** The profile feature: the profile page (personal information, AI configuration, notifications, subscription). */
export { default as ProfilePage } from "./routes/ProfilePage";
export { preferencesQueryKey, usePreferences } from "./api/get-preferences";
export { subscriptionQueryKey, useSubscription } from "./api/get-subscription";
export type { Preferences, SubscriptionCard } from "./types";
