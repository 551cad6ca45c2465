import { useCombobox } from 'downshift';
import { type Ref, useId } from 'react';
import { MAX_NAME_LENGTH } from '../../../domain/booking/limits';
import type { RosterEntry } from '../../../domain/schemas/bookings';
import { matchingNames } from './roster';

interface NameComboboxProps {
  label: string;
  /** Read when mounted only: to clear the input, remount it. */
  value: string;
  onChange: (name: string) => void;
  roster: RosterEntry[];
  inputRef: Ref<HTMLInputElement>;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}

export function NameCombobox({ label, value, onChange, roster, inputRef, invalid, describedBy, className }: NameComboboxProps) {
  const items = matchingNames(roster, value);
  const inputId = useId();
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<RosterEntry>({
    items,
    inputId,
    // Downshift owns the input's text: it reports changes from an effect, so a controlled value
    // would lag a render behind and drop keys typed quickly in between.
    initialInputValue: value,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.name,
    onInputValueChange: ({ inputValue }) => onChange(inputValue),
  });
  const showMenu = isOpen && items.length > 0;

  return (
    <div className="relative">
      <label {...getLabelProps()} htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <input
        {...getInputProps({
          ref: inputRef,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        })}
        autoComplete="off"
        maxLength={MAX_NAME_LENGTH}
        className={className}
      />
      <ul
        {...getMenuProps()}
        className={`${showMenu ? '' : 'hidden'} absolute inset-x-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg`}
      >
        {showMenu &&
          items.map((item, index) => (
            <li
              key={item.name}
              {...getItemProps({ item, index })}
              className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 ${
                highlightedIndex === index ? 'bg-blue-100 text-blue-900' : 'text-slate-900'
              }`}
            >
              <span>{item.name}</span>
              <span className="text-sm text-slate-600">{item.class}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
