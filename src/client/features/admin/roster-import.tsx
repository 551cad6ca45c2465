import { type FormEvent, useId, useRef, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { importRoster } from './api';
import { adminStyles } from './styles';

export function RosterImport({ onImported, onUnauthorized }: { onImported: () => void; onUnauthorized: () => void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ message: string; problems: string[]; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setResult({ message: adminMessages.importFileRequired, problems: [], failed: true });
      return;
    }
    setBusy(true);
    const reply = await importRoster(await file.text());
    setBusy(false);
    if (reply.ok) {
      setResult({ message: reply.data.message, problems: [], failed: false });
      if (fileInput.current) fileInput.current.value = '';
      onImported();
    } else if (reply.status === 401) onUnauthorized();
    else setResult({ message: reply.message, problems: reply.problems ?? [], failed: true });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {adminMessages.importTitle}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 max-w-full">
          <label htmlFor={`${id}-file`} className={adminStyles.label}>
            {adminMessages.importFile}
          </label>
          <input id={`${id}-file`} ref={fileInput} type="file" accept=".csv,text/csv" className="mt-1 block min-h-11 max-w-full" />
        </div>
        <button type="submit" disabled={busy} className={adminStyles.smallButton}>
          {adminMessages.importButton}
        </button>
      </form>
      <div role="status">
        {result && <p className={result.failed ? 'font-medium text-red-700' : 'font-medium text-green-800'}>{result.message}</p>}
        {result && result.problems.length > 0 && (
          <ul className="mt-2 list-disc pl-6 text-red-800">
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
