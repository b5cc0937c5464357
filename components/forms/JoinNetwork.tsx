"use client";

import { createContext, useCallback, useContext, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { COUNTRY_CODES } from "@/lib/contract/site";
import { JOIN_NETWORK } from "@/lib/contract/messages";
import { useMessages } from "@/components/ui/MessageDialog";
import { formControl, useSave } from "./useSave";
import { SubmitButton } from "./SubmitButton";
import { HoneypotField } from "./HoneypotField";
import { Field } from "./Field";

/**
 * The "Join our Network" sign-up popup (spec 2.7), opened from the header and the footer.
 * Success clears the fields, resets the country code to 1, closes the popup and shows "Success!".
 */
const JoinNetworkContext = createContext<(() => void) | null>(null);

const EMPTY = { company_name: "", email: "", country_code: "1", mobile: "", website: "" };

/** `intro`: the popup's first sentence, the operated site's when the server has one (lib/contract/operator-copy.ts). */
export function JoinNetworkProvider({ children, intro = JOIN_NETWORK.intro }: { children: React.ReactNode; intro?: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const { pending, save } = useSave("agent/save");
  const { showSuccess } = useMessages();
  const titleId = useId();
  const codeId = useId();

  // The popup's contents are rendered on its first opening: every page's HTML carried the closed
  // popup's form (1.3 kB), of no use before JavaScript runs, since only JavaScript opens it.
  const [rendered, setRendered] = useState(false);
  const open = useCallback(() => {
    flushSync(() => setRendered(true));
    dialogRef.current?.showModal();
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);

  const update = (field: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = await save(
      {
        company_name: values.company_name,
        email: values.email,
        country_code: values.country_code === "91" ? 91 : 1,
        mobile: values.mobile,
        website: values.website,
      },
      { successPopup: false, fieldElement: (field) => formControl(formRef.current, field) },
    );
    if (result) {
      setValues(EMPTY);
      close();
      showSuccess(result.message);
    }
  }

  return (
    <JoinNetworkContext.Provider value={open}>
      {children}
      <dialog ref={dialogRef} className="modal" aria-labelledby={rendered ? titleId : undefined}>
        {rendered && (
          <>
            <div className="modal__header">
              <h2 id={titleId} className="modal__title">
                Join our Network
              </h2>
              <button type="button" className="modal__close" aria-label="Close" onClick={close}>
                ×
              </button>
            </div>
            <form ref={formRef} className="modal__body" onSubmit={submit} noValidate>
              <p>{intro}</p>
              <Field kind="text" label="Company Name" name="company_name" autoComplete="organization" value={values.company_name} onChange={update("company_name")} />
              <Field kind="email" label="Email Address" name="email" value={values.email} onChange={update("email")} />
              <div className="field-row">
                <div className="field field--code">
                  <label htmlFor={codeId}>Country Code</label>
                  <select id={codeId} name="country_code" value={values.country_code} onChange={(event) => update("country_code")(event.target.value)}>
                    {COUNTRY_CODES.map((code) => (
                      <option key={code.value} value={code.value}>
                        {code.label}
                      </option>
                    ))}
                  </select>
                </div>
                <Field kind="phone" label="Mobile Number" name="mobile" value={values.mobile} onChange={update("mobile")} />
              </div>
              <HoneypotField value={values.website} onChange={(event) => update("website")(event.target.value)} />
              <SubmitButton pending={pending} />
            </form>
          </>
        )}
      </dialog>
    </JoinNetworkContext.Provider>
  );
}

/** A control that opens the sign-up popup. */
export function JoinNetworkButton({ className, children = "Join Our Network" }: { className?: string; children?: React.ReactNode }) {
  const open = useContext(JoinNetworkContext);
  return (
    <button type="button" className={className} onClick={() => open?.()} aria-haspopup="dialog">
      {children}
    </button>
  );
}
