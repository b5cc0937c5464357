/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActionForm, IntentButton, type ActionState } from "./ActionForm";

/** An action that answers when the test says so. */
function heldAction() {
  let answer: (state: ActionState) => void = () => {};
  const action = jest.fn(() => new Promise<ActionState>((resolve) => (answer = resolve)));
  return { action, answer: (state: ActionState) => act(async () => answer(state)) };
}

describe("IntentButton", () => {
  it("says what a long action is doing while it runs, then shows the answer instead", async () => {
    const { action, answer } = heldAction();
    render(
      <ActionForm action={action}>
        <IntentButton intent="publish" busy="Publishing the words of 5,078 pages.">
          Publish
        </IntentButton>
      </ActionForm>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Publishing the words of 5,078 pages.");
    expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Publish" })).toHaveAttribute("aria-busy", "true");

    await answer({ ok: true, message: "Published: 5,078 pages' words change." });
    expect(screen.getByRole("status")).toHaveTextContent("Published: 5,078 pages' words change.");
    expect(screen.getByRole("button", { name: "Publish" })).toBeEnabled();
  });

  it("is busy only for the intent that was pressed: Save draft does not say it is publishing", async () => {
    const { action, answer } = heldAction();
    render(
      <ActionForm action={action}>
        <IntentButton intent="save">Save draft</IntentButton>
        <IntentButton intent="publish" busy="Publishing the words of 3 pages.">
          Publish
        </IntentButton>
      </ActionForm>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(screen.getByRole("button", { name: "Save draft" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Publish" })).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByText("Publishing the words of 3 pages.")).toBeNull();
    await answer(null);
  });
});
