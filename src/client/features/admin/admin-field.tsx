import type { InputHTMLAttributes, ReactNode } from 'react';
import { adminStyles } from './styles';

/** The `aria-*` that tie a control to its error under it (`{id}-{field}-error`). */
export const describedBy = (id: string, field: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-${field}-error` : undefined,
});

/** An admin form's field: its label, the control (`{id}-{field}`) and its error. */
export function AdminField({
  id,
  field,
  label,
  error,
  children,
}: {
  id: string;
  field: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-${field}`} className={adminStyles.label}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-${field}-error`} className={adminStyles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  field: string;
  label: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
};

/** A labelled text input with its error. */
export function AdminTextInput({ id, field, label, value, error, onValue, ...input }: TextInputProps) {
  return (
    <AdminField id={id} field={field} label={label} error={error}>
      <input
        {...input}
        id={`${id}-${field}`}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={adminStyles.input}
        {...describedBy(id, field, error)}
      />
    </AdminField>
  );
}
