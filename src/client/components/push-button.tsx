import { useState } from 'react';
import { pushMessages } from '../../domain/push/push-messages';
import { buttonStyles } from './button-styles';

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** `Ingatkan di HP ini` beside `Ingatkan lewat Telegram`: hidden without the Push API or once the browser refused. */
export function PushButton({ tokens, onSubscribed }: { tokens: string[]; onSubscribed?: () => void }) {
  const [gone, setGone] = useState(() => !pushSupported() || Notification.permission === 'denied');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();
  const press = async () => {
    if (busy) return;
    setBusy(true);
    setSaid(undefined);
    // Loaded on the press: the subscription's code stays out of the first load.
    const { subscribeThisDevice } = await import('../lib/push-subscribe');
    const result = await subscribeThisDevice(tokens);
    setBusy(false);
    if (result.kind === 'blocked') {
      setGone(true);
      setSaid({ text: pushMessages.blocked, failed: true });
      return;
    }
    setSaid({ text: result.message, failed: result.kind === 'failed' });
    if (result.kind === 'subscribed') onSubscribed?.();
  };
  return (
    <div className="mt-3">
      {!gone && (
        <button type="button" className={buttonStyles.secondary} aria-busy={busy} onClick={press}>
          {pushMessages.button}
        </button>
      )}
      <p role="status" className={`mt-1 text-sm font-medium empty:hidden ${said?.failed ? 'text-red-800' : 'text-slate-800'}`}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}
