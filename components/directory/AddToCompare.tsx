"use client";

import { useMemo, useSyncExternalStore } from "react";
import Link from "next/link";
import { COMPARE_MAX } from "@/lib/contract/site";
import { COMPARE_TRAY } from "@/lib/contract/messages";
import { comparePath } from "@/lib/contract/routes";
import {
  EMPTY_TRAY_SNAPSHOT,
  compareTraySnapshot,
  parseCompareTray,
  saveCompareTray,
  subscribeCompareTray,
  withManager,
  withoutManager,
} from "@/lib/compare-tray";

/**
 * A profile's "Add to compare": puts the manager in the compare tray the lists share
 * (lib/compare-tray.ts), says how many are in it, and offers "Compare now". With the tray full
 * it says so instead of dropping anyone. The button is in the server's HTML, so nothing moves
 * when the tray is read.
 */
export function AddToCompare({ id, name }: { id: number; name: string }) {
  const snapshot = useSyncExternalStore(subscribeCompareTray, compareTraySnapshot, () => EMPTY_TRAY_SNAPSHOT);
  const tray = useMemo(() => parseCompareTray(snapshot), [snapshot]);
  const inTray = tray.some((item) => item.id === id);
  const full = !inTray && tray.length >= COMPARE_MAX;
  return (
    <div className="add-to-compare">
      {!full && (
        <button
          type="button"
          className="button button--outline"
          onClick={() => saveCompareTray(inTray ? withoutManager(tray, id) : withManager(tray, { id, name }))}
        >
          {inTray ? COMPARE_TRAY.remove : COMPARE_TRAY.add}
        </button>
      )}
      <p className="add-to-compare__status" aria-live="polite">
        {full ? COMPARE_TRAY.profileFull(COMPARE_MAX) : inTray ? COMPARE_TRAY.added(tray.length, COMPARE_MAX) : ""}
        {(full || (inTray && tray.length > 1)) && (
          <>
            {" "}
            <Link href={comparePath(tray.map((item) => item.id))}>{COMPARE_TRAY.compareNow}</Link>
          </>
        )}
      </p>
    </div>
  );
}
