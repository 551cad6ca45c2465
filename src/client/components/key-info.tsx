import { useEffect, useState } from 'react';
import type { KeyInfo } from '../../domain/motor/key-place';
import { keyPlaceMessages } from '../../domain/motor/key-place-messages';
import { fetchKeyInfo } from '../lib/key-info-api';

const labels = keyPlaceMessages;

/** Asked once per secret; undefined until the server answers, and when it cannot. */
export function useKeyInfo(token: string | undefined): KeyInfo | undefined {
  const [info, setInfo] = useState<{ token: string; info: KeyInfo }>();
  useEffect(() => {
    if (token === undefined) return;
    const controller = new AbortController();
    fetchKeyInfo(token, controller.signal).then((result) => {
      if (result.ok) setInfo({ token, info: result.data.keyInfo });
    });
    return () => controller.abort();
  }, [token]);
  return info && info.token === token ? info.info : undefined;
}

/** `Tempat ambil kunci` and `Kontak pemilik` as a wa.me link; nothing when the admin set neither. */
export function KeyInfoLines({ info, className = '' }: { info: KeyInfo | undefined; className?: string }) {
  if (!info || (info.keyPlace === null && info.ownerContact === null)) return null;
  return (
    <div className={`rounded-md border-l-8 border-blue-700 bg-white px-3 py-2 ${className}`}>
      {info.keyPlace !== null && (
        <p className="break-words">
          {labels.keyPlaceLabel}: <span className="font-semibold">{info.keyPlace}</span>
        </p>
      )}
      {info.ownerContact !== null && (
        <p>
          {labels.contactLabel}:{' '}
          <a
            href={info.ownerContact.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline underline-offset-2"
          >
            {labels.contactWhatsApp(`+${info.ownerContact.digits}`)}
          </a>
        </p>
      )}
    </div>
  );
}
