"use client";

import { useSyncExternalStore } from "react";

const noChange = () => () => undefined;
const here = () => window.location.pathname + window.location.search;
const nowhere = () => "";

/**
 * The address a signed-out staff member asked for, sent with the sign-in form so the link brings
 * them back to it (the server keeps only a workspace page: workspaceReturnPath). Read in the
 * browser: the sign-in panel is the same for every workspace address.
 */
export function ReturnPathField({ name }: { name: string }) {
  const path = useSyncExternalStore(noChange, here, nowhere);
  return <input type="hidden" name={name} value={path} />;
}
