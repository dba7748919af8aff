/** Catalogue: the products the assistant may sell, with price, stock switch and aliases. */
import { Package, Plus, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";

import { Button } from "@/components/Button";
import { inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { EmptyState, ErrorState, LoadMore, LoadingSkeleton, PageHeader } from "@/components/states";
import { getErrorMessage } from "@/lib/errors";

import { useProducts } from "../api/get-products";
import { useUpdateProduct } from "../api/update-product";
import { ProductCard } from "../components/ProductCard";
import { ProductSheet } from "../components/ProductSheet";
import type { Product } from "../types";

type StockFilter = "all" | "in" | "out";
const stockFilters: { value: StockFilter; label: string }[] = [
  { value: "all", label: "Tous" },
  { value: "in", label: "En stock" },
  { value: "out", label: "En rupture" },
];

export default function CatalogPage() {
  const [search, setSearch] = useState("");
  const [stock, setStock] = useState<StockFilter>("all");
  const q = useDeferredValue(search);
  const products = useProducts({ q, inStock: stock === "all" ? null : stock === "in" });
  const update = useUpdateProduct();
  const [editing, setEditing] = useState<Product | "new" | null>(null);

  const toggleStock = (product: Product, inStock: boolean) =>
    update.mutate(
      { id: product.id, in_stock: inStock },
      {
        onSuccess: (saved) => toast.success(saved.in_stock ? "Produit en stock" : "Produit en rupture", saved.name),
        onError: (error) => toast.error("Modification impossible", getErrorMessage(error)),
      },
    );

  const rows = products.data?.pages.flatMap((page) => page.results) ?? [];
  const total = products.data?.pages[0]?.count ?? 0;
  const filtered = q.trim() !== "" || stock !== "all";
  const addButton = (
    <Button onClick={() => setEditing("new")}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Ajouter un produit
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Catalogue"
        description="Les produits que votre assistant peut vendre : prix, disponibilité et mots de vos clients."
        actions={addButton}
      />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            name="q"
            aria-label="Rechercher un produit"
            placeholder="Rechercher un produit, un code ou un alias"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={inputClasses(false, "pl-9")}
          />
        </div>
        <div role="group" aria-label="Filtrer par stock" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {stockFilters.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={stock === filter.value}
              onClick={() => setStock(filter.value)}
              className={
                stock === filter.value
                  ? "min-h-9 flex-1 rounded-md bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm"
                  : "min-h-9 flex-1 rounded-md px-3 text-sm text-slate-600 hover:text-slate-900"
              }
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>

      {products.isPending ? (
        <LoadingSkeleton rows={4} />
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState icon={Search} title="Aucun produit trouvé">
            Aucun produit ne correspond à cette recherche.
          </EmptyState>
        ) : (
          <EmptyState icon={Package} title="Votre catalogue est vide" action={addButton}>
            Commencez par vos produits les plus demandés : leur nom, leur prix en F CFA et les mots que vos clients
            utilisent pour les demander (par exemple « garba » ou « attiéké thon »). L'assistant ne vend que ce qui est ici.
          </EmptyState>
        )
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total} produit{total > 1 ? "s" : ""}
          </p>
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="product-list">
            {rows.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                onEdit={() => setEditing(product)}
                onToggleStock={(inStock) => toggleStock(product, inStock)}
              />
            ))}
          </ul>
          <LoadMore hasMore={!!products.hasNextPage} loading={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()} />
        </>
      )}

      {editing && <ProductSheet product={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
