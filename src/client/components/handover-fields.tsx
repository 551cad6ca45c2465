import { useId } from 'react';
import { FUEL_LEVELS, MAX_CONDITION_NOTE_LENGTH } from '../../domain/handover/handover';
import type { HandoverFormInput } from '../../domain/handover/handover-form';
import { messages } from '../../domain/text/messages';

const labels = messages.handover;
const screens = messages.handoverScreens;

export type HandoverFieldValues = Pick<HandoverFormInput, 'fuel' | 'km' | 'note' | 'stnkBack'>;

export const EMPTY_HANDOVER_FIELDS: HandoverFieldValues = { fuel: '', km: '', note: '', stnkBack: false };

const inputClass = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 aria-[invalid=true]:border-red-600';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;
}

const describedBy = (id: string, errors: Record<string, string>, field: string, hasHint: boolean) =>
  [hasHint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined;

interface PartProps {
  id: string;
  values: HandoverFieldValues;
  set: (change: Partial<HandoverFieldValues>) => void;
  errors: Record<string, string>;
}

function FuelField({ id, values, set, errors, fuelHint }: PartProps & { fuelHint: string | undefined }) {
  return (
    <div>
      <fieldset aria-invalid={errors.fuel ? true : undefined} aria-describedby={describedBy(id, errors, 'fuel', fuelHint !== undefined)}>
        <legend className="font-medium">{screens.fuelLegend}</legend>
        {fuelHint && (
          <p id={`${id}-fuel-hint`} className="text-sm text-slate-700">
            {fuelHint}
          </p>
        )}
        <div className="mt-1 flex flex-wrap gap-x-4">
          {FUEL_LEVELS.map((level) => (
            <label key={level} className="flex min-h-11 min-w-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-fuel`}
                value={level}
                checked={values.fuel === level}
                onChange={() => set({ fuel: level })}
                className="size-5"
              />
              {level}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id={`${id}-fuel-error`} error={errors.fuel} />
    </div>
  );
}

/** The kilometres, the condition note and, when the booking needed it, the STNK back. */
function ReturnDetails({ id, values, set, errors, needStnk }: PartProps & { needStnk: boolean }) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-km`} className="font-medium">
          {labels.kmLabel}
        </label>
        <p id={`${id}-km-hint`} className="text-sm text-slate-700">
          {screens.kmHint}
        </p>
        <input
          id={`${id}-km`}
          inputMode="numeric"
          autoComplete="off"
          value={values.km}
          onChange={(event) => set({ km: event.target.value })}
          aria-invalid={errors.km ? true : undefined}
          aria-describedby={describedBy(id, errors, 'km', true)}
          className={inputClass}
        />
        <FieldError id={`${id}-km-error`} error={errors.km} />
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="font-medium">
          {labels.noteLabel}
        </label>
        <p id={`${id}-note-hint`} className="text-sm text-slate-700">
          {screens.noteHint(MAX_CONDITION_NOTE_LENGTH)}
        </p>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={MAX_CONDITION_NOTE_LENGTH}
          value={values.note}
          onChange={(event) => set({ note: event.target.value })}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(id, errors, 'note', true)}
          className={`${inputClass} py-2`}
        />
        <FieldError id={`${id}-note-error`} error={errors.note} />
      </div>
      {needStnk && (
        <div>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={values.stnkBack}
              onChange={(event) => set({ stnkBack: event.target.checked })}
              aria-invalid={errors.stnkBack ? true : undefined}
              aria-describedby={describedBy(id, errors, 'stnkBack', false)}
              className="size-5"
            />
            {screens.stnkBack}
          </label>
          <FieldError id={`${id}-stnkBack-error`} error={errors.stnkBack} />
        </div>
      )}
    </>
  );
}

/**
 * The fuel as five radio buttons, then for a return the kilometres, the condition note and, when the
 * booking needed it, the STNK: the borrower's form and the admin's dialog ask them the same way.
 */
export function HandoverFields({
  values,
  onChange,
  errors,
  withReturnDetails,
  needStnk,
  fuelHint,
}: {
  values: HandoverFieldValues;
  onChange: (values: HandoverFieldValues) => void;
  errors: Record<string, string>;
  withReturnDetails: boolean;
  needStnk: boolean;
  fuelHint?: string;
}) {
  const id = useId();
  const set = (change: Partial<HandoverFieldValues>) => onChange({ ...values, ...change });
  const part = { id, values, set, errors };
  return (
    <>
      <FuelField {...part} fuelHint={fuelHint} />
      {withReturnDetails && <ReturnDetails {...part} needStnk={needStnk} />}
    </>
  );
}
