import { nextPageFrom } from "./pagination";

describe("the next page of a list", () => {
  it("is read from the API's next link", () => {
    expect(nextPageFrom("http://testserver/api/v1/conversations?page=3&search=awa")).toBe(3);
    expect(nextPageFrom("/api/v1/mailbox/emails?filter=tous&page=2")).toBe(2);
  });

  it("does not exist on the last page", () => {
    expect(nextPageFrom(null)).toBeUndefined();
  });
});
