import { feeHeadline, feeRows, formatMoney, NO_FEES, parseMonthlyRent } from "./fees";
import type { Fees } from ".";

const percentFees: Fees = {
  management_percent: 8,
  management_flat: null,
  leasing_percent: 75,
  renewal_fee: 150,
  setup_fee: 99,
  maintenance_markup_percent: 10,
  vacancy_fee: false,
};
const flatFees: Fees = { ...percentFees, management_percent: null, management_flat: 129, setup_fee: 0, renewal_fee: 0 };
const unlisted: Fees = NO_FEES;

describe("fee wording", () => {
  it("words the card headline and every row of the fee table", () => {
    expect(feeHeadline(percentFees)).toBe("Management 8% of collected rent · leasing 75% of one month's rent");
    expect(feeHeadline(flatFees)).toBe("Management $129 a month · leasing 75% of one month's rent");
    expect(feeHeadline(unlisted)).toBe("Fees not listed");
    expect(feeRows(flatFees).map((row) => row.value)).toEqual([
      "$129 a month",
      "75% of one month's rent",
      "None",
      "None",
      "10% on vendor invoices",
      "None",
    ]);
    expect(feeRows(unlisted).every((row) => row.value === "Not listed")).toBe(true);
  });

  it("formats money and reads a typed rent", () => {
    expect(formatMoney(3519)).toBe("$3,519");
    expect(formatMoney(1111.05)).toBe("$1,111.05");
    expect(parseMonthlyRent("$2,500", 100_000)).toBe(2500);
    expect(parseMonthlyRent("1800.50", 100_000)).toBe(1800.5);
    for (const bad of ["", "abc", "-5", "0", "1e9", "250000"]) expect(parseMonthlyRent(bad, 100_000)).toBeNull();
  });
});
