/** « Importer » a JSON document file (PUT /shop replaces everything, or nothing on an error) and
 * « Exporter » the current document as a file. */
import { Download, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";

import { Alert } from "@/components/Alert";
import { Button } from "@/components/Button";
import { toast } from "@/components/toast";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { getShopDocument } from "../api/get-shop-document";
import { useReplaceShopDocument } from "../api/replace-shop-document";
import { exportFileName } from "../lib/labels";

export const MSG_NOT_JSON = "Ce fichier n'est pas un document JSON valide.";

export function ImportExportButtons() {
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceShopDocument();
  const [exporting, setExporting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setErrors([]);
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setErrors([MSG_NOT_JSON]);
      return;
    }
    replace.mutate(document, {
      onSuccess: (saved) =>
        toast.success("Boutique importée", `${saved.products.length} produits, ${saved.delivery_zones.length} zones de livraison`),
      onError: (error) => {
        const fieldErrors = (error as unknown as ApiError).errors ?? {};
        const lines = Object.entries(fieldErrors).map(([path, messages]) => `${path} : ${messages.join(" ")}`);
        setErrors(lines.length ? lines : [getErrorMessage(error)]);
      },
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const document = await getShopDocument();
      const blob = new Blob([JSON.stringify(document, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = window.document.createElement("a");
      link.href = url;
      link.download = exportFileName(document.name);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error("Export impossible", getErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-label="Fichier JSON de la boutique"
        data-testid="import-file"
        onChange={(event) => void onFile(event)}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={replace.isPending}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        Importer
      </Button>
      <Button variant="secondary" onClick={() => void onExport()} loading={exporting}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Exporter
      </Button>
      {errors.length > 0 && (
        <div className="w-full" data-testid="import-errors">
          <Alert title="Import refusé : rien n'a été modifié">
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {errors.slice(0, 10).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
    </>
  );
}
