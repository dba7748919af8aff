export { Toaster } from "./Toaster";
export { toast, dismissToast, type Toast, type ToastVariant } from "./toast-store";
