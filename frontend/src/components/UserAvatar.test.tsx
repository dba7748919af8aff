import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { UserAvatar } from "./UserAvatar";

describe("UserAvatar", () => {
  it("shows the profile photo when there is one", () => {
    render(<UserAvatar prenom="Awa" nom="Koné" photo="http://127.0.0.1/media/profiles/a.png" />);
    expect(screen.getByTestId("user-avatar-photo")).toHaveAttribute("src", "http://127.0.0.1/media/profiles/a.png");
    expect(screen.queryByTestId("user-avatar-initials")).not.toBeInTheDocument();
  });

  it("shows the initials without a photo, or when the photo fails to load", () => {
    const { rerender } = render(<UserAvatar prenom="Awa" nom="Koné" photo={null} />);
    expect(screen.getByTestId("user-avatar-initials")).toHaveTextContent("AK");
    rerender(<UserAvatar prenom="Awa" nom="Koné" photo="http://127.0.0.1/media/gone.png" />);
    fireEvent.error(screen.getByTestId("user-avatar-photo"));
    expect(screen.getByTestId("user-avatar-initials")).toHaveTextContent("AK");
  });
});
