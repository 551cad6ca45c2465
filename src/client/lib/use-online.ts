import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
}

/** The browser's word on the network: false is sure (no network at all), true only means "maybe". */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}
