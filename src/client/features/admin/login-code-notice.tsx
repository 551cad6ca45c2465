import { adminMessages } from '../../../domain/admin/admin-messages';
import { adminStyles } from './styles';
import { useCopyNote } from './use-copy-note';

export function LoginCodeNotice({ name, code }: { name: string; code: string }) {
  const { copyNote, copy } = useCopyNote();
  return (
    <div className="flex flex-col gap-2 rounded-md border-2 border-dashed border-blue-700 bg-blue-50 p-4">
      <p className="font-medium">{adminMessages.memberLoginCode(name)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <output data-testid="login-code" className="font-mono text-2xl font-bold tracking-wider select-all">
          {code}
        </output>
        <button type="button" onClick={() => void copy(code)} className={adminStyles.smallButton}>
          {adminMessages.copyCode}
        </button>
        <span role="status" className="text-sm">
          {copyNote}
        </span>
      </div>
    </div>
  );
}
