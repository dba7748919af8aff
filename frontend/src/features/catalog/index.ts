/** The catalogue feature: the « Catalogue » page (lazy-loaded by the dashboard's routes) and its API. */
export { getProducts, getProductsQueryOptions, useProducts, catalogQueryKey } from "./api/get-products";
export { createProduct, useCreateProduct } from "./api/create-product";
export { updateProduct, useUpdateProduct } from "./api/update-product";
export { deleteProduct, useDeleteProduct } from "./api/delete-product";
export { uploadProductPhoto, useUploadProductPhoto } from "./api/upload-product-photo";
export { AliasChips } from "./components/AliasChips";
export type { Product, ProductInput, ProductList } from "./types";
export const loadCatalogPage = () => import("./routes/CatalogPage");
