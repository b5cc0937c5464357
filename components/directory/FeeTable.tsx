import type { Fees } from "@/lib/contract";
import { feeRows } from "@/lib/contract/fees";

/** Every fee of a manager, one row each (the same rows as /compare). */
export function FeeTable({ fees, caption }: { fees: Fees; caption: string }) {
  return (
    <table className="fee-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {feeRows(fees).map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
