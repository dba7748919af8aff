import { ImageOff, Pencil, Trash2 } from "lucide-react";

import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import { Badge } from "@/components/states";
import { getErrorMessage } from "@/lib/errors";

import { useDeleteProduct } from "../api/delete-product";
import type { Product } from "../types";
import { AliasChips } from "./AliasChips";

interface ProductCardProps {
  product: Product;
  onEdit: () => void;
  onToggleStock: (inStock: boolean) => void;
}

/** One product: photo, name, price in F CFA, unit, stock switch, aliases, edit and delete. */
export function ProductCard({ product, onEdit, onToggleStock }: ProductCardProps) {
  const remove = useDeleteProduct();
  const onDelete = () => {
    if (!window.confirm(`Supprimer « ${product.name} » du catalogue ?`)) return;
    remove.mutate(product.id, {
      onSuccess: () => toast.success("Produit supprimé", product.name),
      onError: (error) => toast.error("Suppression impossible", getErrorMessage(error)),
    });
  };

  return (
    <li className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="product-card" data-sku={product.sku}>
      <div className="flex items-start gap-3">
        {product.photo ? (
          <img src={product.photo} alt="" className="h-14 w-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
            <ImageOff aria-hidden="true" className="h-5 w-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{product.name}</p>
              <p className="text-xs text-slate-500">
                {product.sku}
                {product.unit && ` · ${product.unit}`}
              </p>
            </div>
            <p className="shrink-0 font-semibold text-slate-900" data-testid="product-price">
              {product.price_label}
            </p>
          </div>
          <AliasChips aliases={product.aliases} max={6} className="mt-2" />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <button
                type="button"
                role="switch"
                aria-checked={product.in_stock}
                aria-label={`${product.name} en stock`}
                onClick={() => onToggleStock(!product.in_stock)}
                className={
                  product.in_stock
                    ? "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-brand-600 transition-colors"
                    : "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors"
                }
              >
                <span
                  className={
                    product.in_stock
                      ? "inline-block h-5 w-5 translate-x-5 rounded-full bg-white shadow transition-transform"
                      : "inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform"
                  }
                />
              </button>
              {product.in_stock ? <Badge tone="green">En stock</Badge> : <Badge tone="red">En rupture</Badge>}
            </label>
            <div className="flex gap-1">
              <Button variant="ghost" onClick={onEdit} aria-label={`Modifier ${product.name}`}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Modifier
              </Button>
              <Button variant="ghost" onClick={onDelete} aria-label={`Supprimer ${product.name}`} loading={remove.isPending}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </div>
        </div>
      </div>
    </li>
  );
}
