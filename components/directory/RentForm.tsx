import { formatMoney } from "@/lib/contract/fees";
import { FIRST_YEAR } from "@/lib/contract/messages";
import { MONTHLY_RENT_MAX } from "@/lib/contract/site";

type Props = {
  /** Where the form goes and what it keeps (the compared ids, a list's sort and filters). */
  action: string;
  hidden: Record<string, string | string[]>;
  rent: number;
  /** What the figures assume, at `rent` (FIRST_YEAR.assumption or .sortAssumption). */
  statement: (rent: string) => string;
  /** The rent the address carried when it was not one (said, then the default is shown). */
  invalid?: string;
  id: string;
};

/**
 * The rent every first-year figure assumes, stated and editable: a plain GET form, so
 * the figures are the server's, with or without JavaScript, and the rent stays in the address.
 * /compare puts it above the cards; the fee sort of a list above its cards.
 */
export function RentForm({ action, hidden, rent, statement, invalid, id }: Props) {
  return (
    <form action={action} method="get" className="rent-form" aria-labelledby={`${id}-says`}>
      {Object.entries(hidden).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => <input key={`${name}-${item}`} type="hidden" name={name} value={item} />),
      )}
      <p id={`${id}-says`} className="rent-form__says">
        {statement(formatMoney(rent))}
      </p>
      {invalid !== undefined && (
        <p className="rent-form__invalid" role="alert">
          {FIRST_YEAR.rentInvalid(invalid, formatMoney(MONTHLY_RENT_MAX), formatMoney(rent))}
        </p>
      )}
      <div className="rent-form__row">
        <label htmlFor={`${id}-rent`}>{FIRST_YEAR.rentLabel}</label>
        <input id={`${id}-rent`} name="rent" type="text" inputMode="decimal" defaultValue={String(rent)} autoComplete="off" size={8} />
        <button type="submit" className="button button--outline">
          Update
        </button>
      </div>
    </form>
  );
}
