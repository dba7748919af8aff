import { describe, expect, it } from "vitest";

import { createQueryClient } from "./query-client";

describe("createQueryClient", () => {
  it("retries once, does not refetch on focus and keeps data fresh for five minutes", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false, staleTime: 300_000 });
  });
});
