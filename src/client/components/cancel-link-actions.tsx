import { useId, useState } from 'react';
import { calendarFilePath, cancelPagePath } from '../../domain/cancel-token';
import { messages } from '../../domain/messages';
import { buttonStyles } from './button-styles';

export function CancelLinkActions({ cancelToken }: { cancelToken: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const linkId = useId();
  const link = `${window.location.origin}${cancelPagePath(cancelToken)}`;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={calendarFilePath(cancelToken)} download className={buttonStyles.secondary}>
          {messages.addToCalendar}
        </a>
        <button type="button" className={buttonStyles.secondary} onClick={copyLink}>
          {messages.copyCancelLink}
        </button>
      </div>
      <p className="text-sm text-slate-700">{messages.cancelLinkHint}</p>
      <p role="status" className="text-sm font-medium text-slate-800 empty:hidden">
        {copy === 'copied' ? messages.cancelLinkCopied : ''}
      </p>
      {copy === 'failed' && (
        <div>
          <label htmlFor={linkId} className="text-sm font-medium text-red-800">
            {messages.cancelLinkCopyFailed}
          </label>
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-slate-50 px-3 font-mono text-sm"
          />
        </div>
      )}
    </div>
  );
}
