import { nextDeliveryStatus, parseProducts } from "./delivery-status";

describe("the next status of a delivery", () => {
  it("is one step forward", () => {
    expect(nextDeliveryStatus("pending")).toBe("preparing");
    expect(nextDeliveryStatus("preparing")).toBe("en_route");
    expect(nextDeliveryStatus("en_route")).toBe("delivered");
  });

  it("does not exist once delivered", () => {
    expect(nextDeliveryStatus("delivered")).toBeNull();
  });
});

describe("the products typed in the schedule form", () => {
  it("are split on lines and commas, blanks dropped", () => {
    expect(parseProducts("Attiéké 2 kg, Poisson braisé\n\n  Alloco ")).toEqual(["Attiéké 2 kg", "Poisson braisé", "Alloco"]);
    expect(parseProducts("  ")).toEqual([]);
  });
});
