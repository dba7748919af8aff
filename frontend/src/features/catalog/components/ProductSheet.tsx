/** Add or edit one product in a sheet; the server's field errors land on their fields. */
import { useEffect, useId, useState, type FormEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { FieldShell, TextField, inputClasses } from "@/components/Field";
import { Sheet } from "@/components/Sheet";
import { toast } from "@/components/toast";
import { Switch } from "@/components/Switch";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useCreateProduct } from "../api/create-product";
import { useUpdateProduct } from "../api/update-product";
import { useUploadProductPhoto } from "../api/upload-product-photo";
import { parseAliases } from "../lib/aliases";
import type { Product } from "../types";
import { AliasChips } from "./AliasChips";

const MSG_PRICE = "Le prix doit être un nombre entier positif.";
const MSG_REQUIRED = "Ce champ est obligatoire.";
const MSG_STOCK = "Ce champ doit être un nombre entier positif.";

interface ProductSheetProps {
  product: Product | null;
  onClose: () => void;
}

export function ProductSheet({ product, onClose }: ProductSheetProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadProductPhoto();
  const descriptionId = useId();
  const [form, setForm] = useState({
    name: product?.name ?? "",
    sku: product?.sku ?? "",
    price: product ? String(product.price) : "",
    unit: product?.unit ?? "",
    description: product?.description ?? "",
    aliases: product?.aliases.join(", ") ?? "",
    in_stock: product?.in_stock ?? true,
    stock_quantity: product?.stock_quantity == null ? "" : String(product.stock_quantity),
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(product?.photo ?? null);
  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPhotoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const mutation = product ? update : create;
  const serverErrors = (mutation.error as ApiError | null)?.errors ?? {};
  const errorOf = (field: string) => localErrors[field] ?? serverErrors[field]?.[0];
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!form.name.trim()) errors.name = MSG_REQUIRED;
    if (!form.sku.trim()) errors.sku = MSG_REQUIRED;
    if (!/^\d+$/.test(form.price.trim())) errors.price = MSG_PRICE;
    if (form.stock_quantity.trim() && !/^\d+$/.test(form.stock_quantity.trim())) errors.stock_quantity = MSG_STOCK;
    setLocalErrors(errors);
    if (Object.keys(errors).length) return;
    const input = {
      name: form.name.trim(),
      sku: form.sku.trim(),
      price: Number(form.price.trim()),
      unit: form.unit.trim(),
      description: form.description.trim(),
      aliases: parseAliases(form.aliases),
      in_stock: form.in_stock,
      stock_quantity: form.stock_quantity.trim() ? Number(form.stock_quantity.trim()) : null,
    };
    const done = async (saved: Product) => {
      if (photo) {
        try {
          await upload.mutateAsync({ id: saved.id, photo });
        } catch (error) {
          toast.error("Photo refusée", getErrorMessage(error));
          return;
        }
      }
      toast.success(product ? "Produit modifié" : "Produit ajouté", saved.name);
      onClose();
    };
    if (product) update.mutate({ id: product.id, ...input }, { onSuccess: (saved) => void done(saved) });
    else create.mutate(input, { onSuccess: (saved) => void done(saved) });
  };

  const title = product ? "Modifier le produit" : "Ajouter un produit";
  const generalError = mutation.error && !Object.keys(serverErrors).length ? getErrorMessage(mutation.error) : null;

  return (
    <Sheet title={title} onClose={onClose} testId="product-sheet">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {generalError && <Alert>{generalError}</Alert>}
        <TextField label="Nom du produit" name="name" value={form.name} onChange={set("name")} error={errorOf("name")} placeholder="Garba" />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Prix (F CFA)"
            name="price"
            inputMode="numeric"
            value={form.price}
            onChange={set("price")}
            error={errorOf("price")}
            placeholder="1500"
          />
          <TextField label="Unité" name="unit" value={form.unit} onChange={set("unit")} error={errorOf("unit")} placeholder="plat" optional />
        </div>
        <TextField
          label="Code produit (SKU)"
          name="sku"
          value={form.sku}
          onChange={set("sku")}
          error={errorOf("sku")}
          hint="Un code court et unique, par exemple R01."
        />
        <div>
          <TextField
            label="Autres noms (alias)"
            name="aliases"
            value={form.aliases}
            onChange={set("aliases")}
            error={errorOf("aliases")}
            hint="Les mots de vos clients, séparés par des virgules : garba, attiéké thon..."
            optional
          />
          <AliasChips aliases={parseAliases(form.aliases)} className="mt-2" />
        </div>
        <FieldShell id={descriptionId} label="Description" error={errorOf("description")} optional>
          <textarea
            id={descriptionId}
            name="description"
            rows={3}
            value={form.description}
            onChange={set("description")}
            className={inputClasses(!!errorOf("description"))}
          />
        </FieldShell>
        <Switch
          label="En stock"
          description="Un produit en rupture n'est pas proposé par l'assistant."
          checked={form.in_stock}
          onChange={(checked) => setForm({ ...form, in_stock: checked })}
        />
        <TextField
          label="Quantité en stock"
          name="stock_quantity"
          inputMode="numeric"
          value={form.stock_quantity}
          onChange={set("stock_quantity")}
          error={errorOf("stock_quantity")}
          hint="Facultatif : les commandes confirmées la diminuent, et les prévisions vous alertent avant la rupture."
          optional
        />
        <FieldShell
          id="photo"
          label="Photo"
          error={errorOf("photo")}
          hint="Prenez la photo avec votre téléphone ou choisissez-la dans la galerie (JPEG, PNG ou WebP, 5 Mo au plus). Elle est envoyée aux clients qui la demandent sur WhatsApp."
          optional
        >
          <div className="flex flex-wrap items-center gap-3">
            {photoPreview && (
              <img src={photoPreview} alt="Aperçu de la photo" className="h-16 w-16 rounded-lg object-cover" data-testid="photo-preview" />
            )}
            <label className="inline-flex cursor-pointer items-center rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white">
              Prendre une photo
              <input
                type="file"
                name="photo_camera"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
              />
            </label>
            <label className="inline-flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300">
              Choisir dans la galerie
              <input
                id="photo"
                type="file"
                name="photo"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
              />
            </label>
          </div>
        </FieldShell>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={mutation.isPending || upload.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
