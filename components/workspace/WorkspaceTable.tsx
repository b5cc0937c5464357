/** A column of a workspace table: its heading, or a heading with a key and a class of its own. */
export type WorkspaceColumn = string | { key: string; label: React.ReactNode; className?: string };

/**
 * The workspace's one table shell: a scrolling frame, the table, its column headings and a body
 * of the rows the page writes (each cell with its column's `data-label`, which a phone shows in
 * place of the hidden headings: styles/workspace.css).
 */
export function WorkspaceTable({ columns, caption, compact = false, children }: { columns: readonly WorkspaceColumn[]; caption?: string; compact?: boolean; children: React.ReactNode }) {
  return (
    <div className="ws-table-scroll">
      <table className={compact ? "ws-table ws-table--compact" : "ws-table"}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th scope="col" key={column}>
                  {column}
                </th>
              ) : (
                <th scope="col" key={column.key} className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
