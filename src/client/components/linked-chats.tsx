import { useEffect, useState } from 'react';
import { deviceMessages } from '../../domain/chat/device-messages';
import { fetchDeviceChats, hasDeviceSecret, unlinkAllChats } from '../lib/borrower-chat-api';
import { buttonStyles } from './button-styles';

/** The card's linked chats (issue 40): how many, and `Putuskan semua Telegram`; nothing for a device without one. */
export function LinkedChats() {
  const [chats, setChats] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!hasDeviceSecret()) return;
    const stop = new AbortController();
    void fetchDeviceChats(stop.signal).then((result) => {
      if (result.ok) setChats(result.data.chats);
    });
    return () => stop.abort();
  }, []);
  const unlink = async () => {
    if (busy) return;
    setBusy(true);
    const result = await unlinkAllChats();
    setBusy(false);
    setNotice(result.ok ? result.data.message : result.message);
    if (result.ok) setChats(0);
  };
  return (
    <div className="mt-2">
      {chats > 0 && (
        <>
          <p className="text-sm text-slate-800">{deviceMessages.linkedChats(chats)}</p>
          <button type="button" className={`${buttonStyles.secondary} mt-1`} aria-busy={busy} onClick={unlink}>
            {deviceMessages.unlinkAll}
          </button>
        </>
      )}
      <p role="status" className="mt-1 text-sm font-medium text-slate-800 empty:hidden">
        {notice}
      </p>
    </div>
  );
}
