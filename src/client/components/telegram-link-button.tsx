import { useState } from 'react';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from './button-styles';

/** Opens the bot with a fresh one-use code for these bookings (the device's own, proved by their secrets). */
export function TelegramLinkButton({ tokens }: { tokens: string[] }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const open = async () => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    // Loaded on the press: the card on `/` keeps it out of the first load.
    const { requestLinkCode } = await import('../lib/borrower-chat-api');
    const result = await requestLinkCode(tokens);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    window.location.assign(result.data.url);
  };
  return (
    <div className="mt-3">
      <button type="button" className={buttonStyles.secondary} aria-busy={busy} onClick={open}>
        {messages.borrowerChat.linkButton}
      </button>
      <p role="status" className="mt-1 text-sm font-medium text-red-800 empty:hidden">
        {failure}
      </p>
    </div>
  );
}
