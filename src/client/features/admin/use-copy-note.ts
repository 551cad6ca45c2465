import { useCallback, useState } from 'react';
import { messages } from '../../../domain/text/messages';

export function useCopyNote() {
  const [copyNote, setCopyNote] = useState('');
  const copy = useCallback(async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopyNote(messages.voucherCopied);
    } catch {
      setCopyNote(messages.voucherCopyFailed);
    }
  }, []);
  const clearCopyNote = useCallback(() => setCopyNote(''), []);
  return { copyNote, copy, clearCopyNote };
}
