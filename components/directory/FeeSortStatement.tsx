import { formatMoney } from "@/lib/contract/fees";
import { FIRST_YEAR } from "@/lib/contract/messages";
import { MONTHLY_RENT_MAX, serviceLabel, type ServiceKey } from "@/lib/contract/site";
import { SORT_RENT_ANCHOR } from "@/lib/contract/routes";

/**
 * What the fee sort ranks by, above the list it orders: first-year cost at the
 * owner's rent, with a link to the field that changes it; a rent in the address that is not one
 * is said, and the default shown.
 */
export function FeeSortStatement({ rent, invalid }: { rent: number; invalid?: string }) {
  return (
    <div className="directory__assumption" role="note">
      {invalid !== undefined && <p className="rent-form__invalid">{FIRST_YEAR.rentInvalid(invalid, formatMoney(MONTHLY_RENT_MAX), formatMoney(rent))}</p>}
      <p>
        {FIRST_YEAR.sortAssumption(formatMoney(rent))} <a href={`#${SORT_RENT_ANCHOR}`}>Change the rent</a>
      </p>
    </div>
  );
}

/** "evictions and inspections", lower case, for a list's summary line. */
export function servicesText(services: readonly ServiceKey[]): string {
  const labels = services.map((key) => (serviceLabel(key) ?? key).toLowerCase());
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
}
