"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { COMPARE_MAX } from "@/lib/contract/site";
import { COMPARE_TRAY } from "@/lib/contract/messages";
import { comparePath } from "@/lib/contract/routes";
import {
  compareTraySnapshot,
  parseCompareTray,
  readCompareTray,
  saveCompareTray,
  subscribeCompareTray,
  withManager,
  withoutManager,
  type TrayManager,
} from "@/lib/compare-tray";

const checkboxesOf = (form: HTMLFormElement) =>
  Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === "ids");

function statusText(selected: number | null): string {
  if (selected === null) return COMPARE_TRAY.intro(COMPARE_MAX);
  if (selected === 0) return COMPARE_TRAY.empty(COMPARE_MAX);
  return selected >= COMPARE_MAX ? COMPARE_TRAY.full(COMPARE_MAX) : COMPARE_TRAY.count(selected, COMPARE_MAX);
}

/** A checkbox's manager, from its label ("Compare Lena Keller Rentals"). */
const nameOf = (box: HTMLInputElement) => (box.getAttribute("aria-label") ?? "").replace(/^Compare /, "");

/** Ticks the boxes of the managers in the tray; with the tray full, the others wait greyed out. */
function showTray(form: HTMLFormElement, tray: readonly TrayManager[]) {
  const ids = new Set(tray.map((item) => item.id));
  for (const box of checkboxesOf(form)) {
    box.checked = ids.has(Number(box.value));
    box.disabled = !box.checked && tray.length >= COMPARE_MAX;
  }
}

/**
 * The bar of a list's "Compare" checkboxes (they belong to the form `formId` by their form
 * attribute). Without JavaScript the form is a plain GET to /compare (ids=1&ids=2…); with it, the
 * ticked managers are the compare tray kept between pages (lib/compare-tray.ts: a profile's "Add
 * to compare" adds to it too), at most three, and from the first one the bar is fixed to the
 * bottom of the screen (it used to wait at the end of a long list) with the count, the
 * names, "Compare selected" (/compare?ids=1,2,3) and "Clear".
 */
export function CompareControls({ formId }: { formId: string }) {
  const router = useRouter();
  // null until the browser's storage is read (the server's render and hydration).
  const snapshot = useSyncExternalStore<string | null>(subscribeCompareTray, compareTraySnapshot, () => null);
  const tray = useMemo(() => (snapshot === null ? null : parseCompareTray(snapshot)), [snapshot]);

  // The boxes follow the tray (another page or tab may have changed it).
  useEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement && tray) showTray(form, tray);
  }, [formId, tray]);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    // The checkboxes sit in the list, outside the form: their changes reach the document.
    const onChange = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.form !== form) return;
      const stored = readCompareTray();
      saveCompareTray(box.checked ? withManager(stored, { id: Number(box.value), name: nameOf(box) }) : withoutManager(stored, Number(box.value)));
    };
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const ids = readCompareTray().map((item) => item.id);
      if (ids.length > 0) router.push(comparePath(ids));
    };
    document.addEventListener("change", onChange);
    form.addEventListener("submit", submit);
    return () => {
      document.removeEventListener("change", onChange);
      form.removeEventListener("submit", submit);
    };
  }, [formId, router]);

  const selected = tray === null ? null : tray.length;
  const shown = selected !== null && selected > 0;
  return (
    <div className={shown ? "compare-bar compare-bar--tray" : "compare-bar"} data-selected={selected ?? undefined}>
      <div className="compare-bar__text">
        <p className="compare-bar__status" aria-live="polite">
          {statusText(selected)}
        </p>
        {shown && tray && <p className="compare-bar__names">{tray.map((item) => item.name).join(" · ")}</p>}
      </div>
      <div className="compare-bar__buttons">
        {shown && (
          <button type="button" className="button button--outline" onClick={() => saveCompareTray([])}>
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
