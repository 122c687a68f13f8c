import { useState } from "react";
import { describe, expect, it } from "vitest";
import { createEvent, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { moveItem } from "../src/lib/list";
import type { FlowStep } from "../src/lib/model";
import { FlowEditor } from "../src/widgets/FlowEditor";

function Harness({ steps: initial }: { steps: FlowStep[] }) {
  const [steps, setSteps] = useState(initial);
  return (
    <I18nProvider lang="en">
      <FlowEditor steps={steps} onChange={setSteps} />
      <output data-testid="order">{steps.map((s) => s.step).join(",")}</output>
    </I18nProvider>
  );
}

const order = () => screen.getByTestId("order").textContent;
const STEPS: FlowStep[] = [{ step: "grab_solo" }, { step: "offer_throne", rounds: 2 }, { step: "redeal" }];

describe("moveItem", () => {
  it("moves and clamps", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
  });
});

describe("FlowEditor", () => {
  it("reorders with the up and down buttons", () => {
    render(<Harness steps={STEPS} />);
    expect(order()).toBe("grab_solo,offer_throne,redeal");
    fireEvent.click(screen.getByLabelText("Move down Grab solo"));
    expect(order()).toBe("offer_throne,grab_solo,redeal");
    fireEvent.click(screen.getByLabelText("Move up Redeal"));
    expect(order()).toBe("offer_throne,redeal,grab_solo");
    // The first step cannot go up, the last cannot go down.
    expect((screen.getByLabelText("Move up Ascend or abdicate") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText("Move down Grab solo") as HTMLButtonElement).disabled).toBe(true);
  });

  it("reorders by dragging a step onto another", () => {
    render(<Harness steps={STEPS} />);
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? "",
      effectAllowed: "",
      dropEffect: "",
    };
    const source = screen.getByTestId("flow-step-2");
    const target = screen.getByTestId("flow-step-0");
    fireEvent(source, Object.assign(createEvent.dragStart(source), { dataTransfer }));
    fireEvent(target, Object.assign(createEvent.dragOver(target), { dataTransfer }));
    fireEvent(target, Object.assign(createEvent.drop(target), { dataTransfer }));
    expect(order()).toBe("redeal,grab_solo,offer_throne");
  });

  it("keeps each step's settings when it moves, adds and removes steps", () => {
    render(<Harness steps={STEPS} />);
    fireEvent.click(screen.getByLabelText("Move up Ascend or abdicate"));
    expect(screen.getByTestId("flow-step-0").getAttribute("data-step")).toBe("offer_throne");
    expect((screen.getByTestId("flow-step-0").querySelector("input.num") as HTMLInputElement).value).toBe("2");
    fireEvent.click(screen.getByLabelText("Remove Redeal"));
    expect(order()).toBe("offer_throne,grab_solo");
    fireEvent.click(screen.getByText("+ Add a step"));
    expect(order()).toBe("offer_throne,grab_solo,offer_throne");
  });

  it("edits throne passing as it is played: the holder's choice, the receiver, a forfeit", () => {
    render(<Harness steps={[{ step: "offer_throne", when_holding_both: "choice" }, { step: "forfeit", loser: -12, others: 3 }]} />);
    const offer = screen.getByTestId("flow-step-0");
    expect(offer.textContent).toContain("The receiver of a pass two seats on");
    expect(offer.textContent).toContain("his choice: as usual or skip one");
    const forfeit = screen.getByTestId("flow-step-1");
    expect(forfeit.textContent).toContain("Nobody ascends: forfeit");
    const inputs = forfeit.querySelectorAll("input.num");
    expect([...inputs].map((i) => (i as HTMLInputElement).value)).toEqual(["-12", "3"]);
  });
});
