import { sanitizeRichText } from "@/lib/sanitize";

/** Server-managed HTML, always through the one allow-list. Server components only. */
export function RichText({ html, className = "", as: Tag = "div", id }: { html: string; className?: string; as?: "div" | "section"; id?: string }) {
  return <Tag id={id} className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
