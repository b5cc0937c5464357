"use client";

import { useEffect, useRef } from "react";

/**
 * A page's h1 in the quote flow. It takes focus when the page opens, so a screen reader
 * announces the new step (and, through aria-describedby, the progress) after each Next or Back.
 */
export function StepHeading({
  children,
  describedBy,
  className = "quote-card__title",
}: {
  children: React.ReactNode;
  describedBy?: string;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <h1 ref={heading} tabIndex={-1} className={className} aria-describedby={describedBy}>
      {children}
    </h1>
  );
}
