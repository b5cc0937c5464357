import { SEO_FIELDS, wordsBelowTemplate, type SeoKind, type SeoPattern } from "@/lib/contract/seo-text";
import { SEO_FIELD_LABELS } from "@/lib/contract/staff";

/**
 * A template's patterns as a publish or a rollback changes them, field by field: the live one
 * struck out, the new one after it (a field left empty shows the words below the template).
 */
export function PatternChanges({ kind, from, to, unchanged }: { kind: SeoKind; from: SeoPattern; to: SeoPattern; unchanged: string }) {
  const below = wordsBelowTemplate(kind);
  const fields = SEO_FIELDS.filter((field) => from[field] !== to[field]);
  if (fields.length === 0) return <p>{unchanged}</p>;
  return (
    <dl className="ws-facts">
      {fields.map((field) => (
        <div key={field}>
          <dt>{SEO_FIELD_LABELS[field]}</dt>
          <dd>
            <del>{from[field] ?? below[field]}</del> → <ins>{to[field] ?? below[field]}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
