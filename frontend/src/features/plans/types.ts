/** The plans API's JSON, field for field (GET /subscriptions/plans, POST /subscriptions/upgrade). */
export interface PlanOffer {
  code: string;
  name: string;
  price: number | null;
  price_label: string;
  conversation_limit: number;
  can_access_analytics: boolean;
  can_access_predictions: boolean;
  can_use_advanced_features: boolean;
  current: boolean;
  payable: boolean;
}

export interface UpgradeStarted {
  reference: string;
  payment_url: string;
  amount: number;
}
