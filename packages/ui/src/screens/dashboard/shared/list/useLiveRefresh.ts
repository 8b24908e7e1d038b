// Live news about a list, announced and never applied on their own (the list the staff member
// is reading does not move): new rows are counted, a change to the rows on screen (or a lost
// stream) is flagged, and `show` clears both and reloads the page. The screen feeds it from its
// event stream.
import { useCallback, useState } from 'react';

interface Fresh {
  added: string[];
  changed: boolean;
}

const NOTHING_NEW: Fresh = { added: [], changed: false };

export function useLiveRefresh(reload: () => unknown) {
  const [fresh, setFresh] = useState<Fresh>(NOTHING_NEW);
  const noteAdded = useCallback(
    (id: string) =>
      setFresh((current) =>
        current.added.includes(id) ? current : { ...current, added: [...current.added, id] },
      ),
    [],
  );
  const noteChanged = useCallback(() => setFresh((current) => ({ ...current, changed: true })), []);
  return {
    /** How many new rows were announced since the page was read. */
    added: fresh.added.length,
    changed: fresh.changed,
    noteAdded,
    noteChanged,
    show() {
      setFresh(NOTHING_NEW);
      void reload();
    },
  };
}
