// A selection that survives paging: the selected rows are kept (for a bulk dialog or a preview)
// while the list shows another page; a selected id not on the page keeps its last known row.
import { useCallback, useState } from 'react';

export function useRowsAcrossPages<TRow extends { id: string }>(rows: TRow[]) {
  const [selectedRows, setSelectedRows] = useState<TRow[]>([]);
  const selectRows = useCallback(
    (ids: string[]) =>
      setSelectedRows((previous) =>
        ids.flatMap(
          (id) => rows.find((row) => row.id === id) ?? previous.find((row) => row.id === id) ?? [],
        ),
      ),
    [rows],
  );
  return {
    selectedRows,
    selectedIds: selectedRows.map((row) => row.id),
    selectRows,
    setSelectedRows,
  };
}
