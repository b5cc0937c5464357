"use client";

import { useEffect, useRef } from "react";

/**
 * A page's h1 that takes the focus when the page opens after a navigation (a confirmation reached
 * from a form): a screen reader starts reading there and the keyboard goes on from it. Without
 * JavaScript the page is a new document and reading starts at its top anyway.
 */
export function FocusedHeading({ children, id }: { children: React.ReactNode; id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className="ws-focused-heading">
      {children}
    </h1>
  );
}
