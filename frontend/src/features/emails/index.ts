/** The e-mails feature: the summarised mailbox page and its API. */
export { default as EmailsPage } from "./routes/EmailsPage";
export { emailsQueryKey, useEmails } from "./api/get-emails";
export type { Email, EmailFilter, EmailList } from "./types";
