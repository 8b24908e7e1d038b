// A list's CSV export: POST the list's filter to the export path, then open the download the
// server streams (its ticket URL is the API's: on its host, carrying no session token).
import { useState } from 'react';

import { useAuth } from '../../../../auth';

export interface ListExportOptions {
  /** '/admin/exports/orders'... */
  path: string;
  /** The request's body (the filter, and the sort when the list has one). */
  body(): unknown;
  /** Said when the server refuses without a message of its own. */
  failMessage: string;
  /** Opens the download (a full navigation by default; tests pass a spy). */
  download?: (url: string) => void;
}

export interface ListExportProps {
  onExport(): void;
  exporting: boolean;
  exportError: string | null;
}

export const EXPORT_CONNECTION_MESSAGE =
  'Não foi possível conectar ao servidor para exportar. Tente novamente.';

export function openDownload(url: string) {
  window.location.assign(url);
}

export function useListExport({
  path,
  body,
  failMessage,
  download = openDownload,
}: ListExportOptions): ListExportProps {
  const auth = useAuth();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function handleExport() {
    setExporting(true);
    setExportError(null);
    try {
      const response = await auth.fetch(auth.apiUrl(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body()),
      });
      const answer = (await response.json().catch(() => null)) as {
        url?: string;
        detail?: string;
        message?: string;
      } | null;
      if (!response.ok || !answer?.url) {
        setExportError(answer?.detail ?? answer?.message ?? failMessage);
        return;
      }
      download(/^https?:/.test(answer.url) ? answer.url : auth.apiUrl(answer.url));
    } catch {
      setExportError(EXPORT_CONNECTION_MESSAGE);
    } finally {
      setExporting(false);
    }
  }

  return { onExport: () => void handleExport(), exporting, exportError };
}
