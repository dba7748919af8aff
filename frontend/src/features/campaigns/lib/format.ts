import { formatFcfa } from "@/lib/money";

/** An amount in F CFA, or « — » when there is none. */
export const formatMoneyOrDash = (amount: number) => (amount > 0 ? formatFcfa(amount) : "—");
