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
  return selected >= COMPARE_MAX ? `${selected} of ${COMPARE_MAX} selected: the most you can compare at once.` : `${selected} of ${COMPARE_MAX} selected.`;
}

/**
 * The bar of a list's "Compare" checkboxes (they belong to the form `formId` by their form
 * attribute). Without JavaScript the form is a plain GET to /compare (ids=1&ids=2…); with it, at
 * most three can be ticked, the bar counts them, and the button opens /compare?ids=1,2,3.
 */
export function CompareControls({ formId }: { formId: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const update = () => {
      const boxes = checkboxesOf(form);
      const checked = boxes.filter((box) => box.checked).length;
      for (const box of boxes) box.disabled = !box.checked && checked >= COMPARE_MAX;
      setSelected(checked);
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

  return (
    <div className="compare-bar" data-selected={selected ?? undefined}>
      <p className="compare-bar__status" aria-live="polite">
        {statusText(selected)}
      </p>
      <button type="submit" className="button" disabled={selected === 0}>
        Compare selected
      </button>
    </div>
  );
}
