import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { OtpInput } from "./OtpInput";

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <p id="label">Code de vérification</p>
      <OtpInput labelId="label" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const slots = () => screen.getAllByRole("textbox");
const value = () => screen.getByTestId("value").textContent;

describe("OtpInput", () => {
  it("renders six labelled numeric slots, the first one taking a one-time code", () => {
    render(<Harness />);
    expect(slots()).toHaveLength(6);
    expect(slots()[0]).toHaveAttribute("autocomplete", "one-time-code");
    expect(slots()[5]).toHaveAccessibleName("Chiffre 6 sur 6");
    for (const slot of slots()) expect(slot).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("group")).toHaveAccessibleName("Code de vérification");
  });

  it("moves forward as digits are typed and ignores anything else", async () => {
    render(<Harness />);
    await userEvent.click(slots()[0]);
    await userEvent.keyboard("12a3");
    expect(value()).toBe("123");
    expect(slots()[3]).toHaveFocus();
  });

  it("clears and moves back with Backspace, and moves with the arrow keys", async () => {
    render(<Harness />);
    await userEvent.click(slots()[0]);
    await userEvent.keyboard("1234");
    await userEvent.keyboard("{Backspace}");
    expect(value()).toBe("123");
    expect(slots()[3]).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}{ArrowLeft}");
    expect(slots()[0]).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(slots()[1]).toHaveFocus();
    await userEvent.keyboard("7");
    expect(value()).toBe("173");
  });

  it("spreads a pasted code over the slots", () => {
    render(<Harness />);
    fireEvent.paste(slots()[2], { clipboardData: { getData: () => "Code : 987 654" } });
    expect(value()).toBe("987654");
    expect(slots().map((slot) => (slot as HTMLInputElement).value)).toEqual(["9", "8", "7", "6", "5", "4"]);
  });

  it("takes a whole code auto-filled into the first slot", () => {
    render(<Harness />);
    fireEvent.change(slots()[0], { target: { value: "246810" } });
    expect(value()).toBe("246810");
  });
});
