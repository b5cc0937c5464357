"use client";

import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";

/**
 * The "Error!" and "Success!" messages of spec sections 5 and 8: one modal alert dialog at a time
 * (a native <dialog>, so focus stays inside and Escape closes it). On closing, focus goes to the
 * field an error names, so keyboard and screen-reader users land where the fix is needed;
 * otherwise back where it was.
 */
type Message = { kind: "error" | "success"; text: string };
/** The field to fix, looked up when the dialog closes (null or undefined: where focus was). */
export type FocusTarget = () => HTMLElement | null | undefined;
type Messages = { showError(text: string, options?: { focus?: FocusTarget }): void; showSuccess(text: string): void };

const MessagesContext = createContext<Messages | null>(null);

export function MessageDialogProvider({ children }: { children: React.ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const fieldToFix = useRef<FocusTarget | undefined>(undefined);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (message && !dialog.open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
  }, [message]);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
    setMessage(null);
    const field = fieldToFix.current?.();
    fieldToFix.current = undefined;
    (field?.isConnected ? field : returnFocusTo.current)?.focus?.();
  }, []);

  const messages = useMemo<Messages>(
    () => ({
      showError: (text, options) => {
        fieldToFix.current = options?.focus;
        setMessage({ kind: "error", text });
      },
      showSuccess: (text) => {
        fieldToFix.current = undefined;
        setMessage({ kind: "success", text });
      },
    }),
    [],
  );

  return (
    <MessagesContext.Provider value={messages}>
      {children}
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className={`message-dialog message-dialog--${message?.kind ?? "error"}`}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        {message && (
          <div className="message-dialog__body">
            <span className="message-dialog__icon" aria-hidden="true">
              {message.kind === "error" ? "!" : "✓"}
            </span>
            <h2 id={titleId} className="message-dialog__title">
              {message.kind === "error" ? "Error!" : "Success!"}
            </h2>
            <p id={textId} className="message-dialog__text">
              {message.text}
            </p>
            <button type="button" className="button" onClick={close} autoFocus>
              OK
            </button>
          </div>
        )}
      </dialog>
    </MessagesContext.Provider>
  );
}

export function useMessages(): Messages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error("useMessages needs a MessageDialogProvider above it");
  return messages;
}
