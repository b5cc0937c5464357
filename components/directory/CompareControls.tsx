"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { COMPARE_MAX } from "@/lib/contract/site";
import { comparePath } from "@/lib/contract/routes";

const checkboxesOf = (form: HTMLFormElement) =>
  Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === "ids");

function statusText(selected: number | null): string {
  if (selected === null) return `Tick up to ${COMPARE_MAX} managers, then compare their fees, services and licenses side by side.`;
  if (selected === 0) return `Tick up to ${COMPARE_MAX} managers to compare them side by side.`;
  return selected >= COMPARE_MAX
    ? `${selected} of ${COMPARE_MAX} selected: the most you can compare at once. Untick one to choose another.`
    : `${selected} of ${COMPARE_MAX} selected.`;
}

/** A checkbox's manager, from its label ("Compare Lena Keller Rentals"). */
const nameOf = (box: HTMLInputElement) => (box.getAttribute("aria-label") ?? "").replace(/^Compare /, "");

/**
 * The bar of a list's "Compare" checkboxes (they belong to the form `formId` by their form
 * attribute). Without JavaScript the form is a plain GET to /compare (ids=1&ids=2…); with it, at
 * most three can be ticked, and from the first tick the bar is a tray fixed to the bottom of the
 * screen (issue 30: it used to wait at the end of a long list) with the count, the names, "Compare
 * selected" (/compare?ids=1,2,3) and "Clear".
 */
export function CompareControls({ formId }: { formId: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<number | null>(null);
  const [names, setNames] = useState<string[]>([]);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const update = () => {
      const boxes = checkboxesOf(form);
      const ticked = boxes.filter((box) => box.checked);
      for (const box of boxes) box.disabled = !box.checked && ticked.length >= COMPARE_MAX;
      setSelected(ticked.length);
      setNames(ticked.map(nameOf));
    };
    // The checkboxes sit in the list, outside the form: their changes reach the document.
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.form === form) update();
    };
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const ids = checkboxesOf(form)
        .filter((box) => box.checked)
        .map((box) => Number(box.value))
        .slice(0, COMPARE_MAX);
      if (ids.length > 0) router.push(comparePath(ids));
    };
    update();
    document.addEventListener("change", onChange);
    form.addEventListener("submit", submit);
    return () => {
      document.removeEventListener("change", onChange);
      form.removeEventListener("submit", submit);
    };
  }, [formId, router]);

  function clear() {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const box of checkboxesOf(form)) {
      box.checked = false;
      box.disabled = false;
    }
    setSelected(0);
    setNames([]);
  }

  const tray = selected !== null && selected > 0;
  return (
    <div className={tray ? "compare-bar compare-bar--tray" : "compare-bar"} data-selected={selected ?? undefined}>
      <div className="compare-bar__text">
        <p className="compare-bar__status" aria-live="polite">
          {statusText(selected)}
        </p>
        {tray && <p className="compare-bar__names">{names.join(" · ")}</p>}
      </div>
      <div className="compare-bar__buttons">
        {tray && (
          <button type="button" className="button button--outline" onClick={clear}>
            Clear
          </button>
        )}
        <button type="submit" className="button" disabled={selected === 0}>
          Compare selected
        </button>
      </div>
    </div>
  );
}
