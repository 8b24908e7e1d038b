// Opens a staff-only PDF (a label, a batch of labels): fetched with the staff member's token (a
// plain link would carry none), then shown in a new tab. The tab is opened at the click, before
// the download, so browsers do not block it as a pop-up; when they do, the file is saved instead.
import { useCallback, useState } from 'react';

import { useAuth } from '../../../auth';

export interface PdfOpener {
  open(path: string, fileName?: string): Promise<void>;
  opening: boolean;
  error: string | null;
}

export function usePdfOpener(): PdfOpener {
  const auth = useAuth();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(
    async (path: string, fileName = 'etiquetas.pdf') => {
      setOpening(true);
      setError(null);
      const tab = window.open('', '_blank');
      try {
        const response = await auth.fetch(auth.apiUrl(path), { method: 'GET' });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { detail?: string } | null;
          throw new Error(body?.detail ?? 'Não foi possível abrir o PDF. Tente novamente.');
        }
        const url = URL.createObjectURL(await response.blob());
        if (tab) tab.location.href = url;
        else {
          const link = document.createElement('a');
          link.href = url;
          link.download = fileName;
          link.click();
        }
        // The tab has loaded it by then; the memory goes back.
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (cause) {
        tab?.close();
        setError(
          cause instanceof TypeError
            ? 'Não foi possível conectar ao servidor para abrir o PDF.'
            : (cause as Error).message,
        );
      } finally {
        setOpening(false);
      }
    },
    [auth],
  );
  return { open, opening, error };
}
