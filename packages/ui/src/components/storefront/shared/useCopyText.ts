// Copies a code (Pix "copia e cola", a boleto's typeable line) to the clipboard; without clipboard
// permission (old browser, insecure page) it selects the text in its field for a manual copy.
import { useRef, useState } from 'react';

export type CopyOutcome = 'yes' | 'manual' | null;

export function useCopyText() {
  const [copied, setCopied] = useState<CopyOutcome>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      fieldRef.current?.select();
      setCopied('manual');
    }
  }

  return { copied, fieldRef, copy };
}
