import { LEGAL_NOTICE } from "@/lib/contract/law-topics";
import "@/styles/laws.css";

/** "General information, not legal advice": near the top and at the end of every law page and table. */
export function LegalNotice({ placement }: { placement: "top" | "end" }) {
  return (
    <p className={`legal-notice legal-notice--${placement}`} data-notice={placement}>
      <strong>{LEGAL_NOTICE.lead}</strong> {placement === "top" ? LEGAL_NOTICE.brief : LEGAL_NOTICE.detail}
    </p>
  );
}
