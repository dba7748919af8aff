import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";

import { paths } from "@/config/paths";

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    // The server already answered this path with status 404; the client keeps a trace too.
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-slate-600">Oops! Page not found</p>
        <Link to={paths.home} className="font-medium text-brand-600 underline hover:text-brand-700">
          Retour à l'accueil
        </Link>
      </div>
    </main>
  );
}
