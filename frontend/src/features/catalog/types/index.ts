/** The catalogue API's JSON, field for field (GET/POST/PATCH /api/v1/catalog/products). */
export interface Product {
  id: number;
  sku: string;
  name: string;
  description: string;
  aliases: string[];
  price: number;
  /** "3 500 F CFA", formatted by the server. */
  price_label: string;
  unit: string;
  in_stock: boolean;
  /** Units on hand; confirmed orders take theirs off. null: not tracked. */
  stock_quantity: number | null;
  position: number;
  photo: string | null;
  updated_at: string;
}

export interface ProductList {
  count: number;
  next: string | null;
  previous: string | null;
  results: Product[];
}

export interface ProductInput {
  sku: string;
  name: string;
  description: string;
  aliases: string[];
  price: number;
  unit: string;
  in_stock: boolean;
  stock_quantity: number | null;
}

export type ProductFilter = { q: string; inStock: boolean | null };
