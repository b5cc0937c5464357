"use client";

import { useState, useSyncExternalStore } from "react";

const CLOSED_KEY = "top_bar_closed";
const subscribeToNothing = () => () => {};

/**
 * The announcement bar (page 4, shown when its status is 1). Closing slides it up, and it stays
 * closed for the rest of the visit (sessionStorage).
 */
export function TopBar({ html }: { html: string }) {
  const [state, setState] = useState<"open" | "closing" | "closed">("open");
  const closedEarlierThisVisit = useSyncExternalStore(
    subscribeToNothing,
    () => sessionStorage.getItem(CLOSED_KEY) === "1",
    () => false,
  );

  if (state === "closed" || (state === "open" && closedEarlierThisVisit)) return null;
  return (
    <div
      className={`top-bar${state === "closing" ? " top-bar--closing" : ""}`}
      role="region"
      aria-label="Announcement"
      onTransitionEnd={() => state === "closing" && setState("closed")}
    >
      <div className="container top-bar__inner">
        <div className="top-bar__text" dangerouslySetInnerHTML={{ __html: html }} />
        <button
          type="button"
          className="top-bar__close"
          aria-label="Close announcement"
          onClick={() => {
            sessionStorage.setItem(CLOSED_KEY, "1");
            setState("closing");
            // Without transitions (reduced motion) the transitionend event never comes.
            window.setTimeout(() => setState("closed"), 450);
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}
