"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { COMPARE_MAX } from "@/lib/contract/site";
import { comparePath } from "@/lib/contract/routes";

const checkboxesOf = (form: HTMLFormElement) =>
  Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === "ids");

/**
 * The bar under a list's "Compare" checkboxes. Without JavaScript the form is a plain GET to
 * /compare (ids=1&ids=2…); with it, at most three can be ticked, the bar counts them, and the
 * button opens /compare?ids=1,2,3.
 */
export function CompareControls() {
  const barRef = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    const form = barRef.current?.closest("form");
    if (!form) return;
    const update = () => {
      const boxes = checkboxesOf(form);
      const checked = boxes.filter((box) => box.checked).length;
      for (const box of boxes) box.disabled = !box.checked && checked >= COMPARE_MAX;
      setSelected(checked);
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
    form.addEventListener("change", update);
    form.addEventListener("submit", submit);
    return () => {
      form.removeEventListener("change", update);
      form.removeEventListener("submit", submit);
    };
  }, [router]);

  const status =
    selected === null
      ? `Tick up to ${COMPARE_MAX} managers, then compare their fees, services and licenses side by side.`
      : selected === 0
        ? `Tick up to ${COMPARE_MAX} managers to compare them side by side.`
        : selected >= COMPARE_MAX
          ? `${selected} of ${COMPARE_MAX} selected: the most you can compare at once.`
          : `${selected} of ${COMPARE_MAX} selected.`;
  return (
    <div ref={barRef} className="compare-bar" data-selected={selected ?? undefined}>
      <p className="compare-bar__status" aria-live="polite">
        {status}
      </p>
      <button type="submit" className="button" disabled={selected === 0}>
        Compare selected
      </button>
    </div>
  );
}
