export const adminStyles = {
  input: 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-[invalid=true]:border-red-600',
  label: 'font-medium',
  fieldError: 'mt-1 text-sm text-red-700',
  th: 'px-3 py-2 whitespace-nowrap',
  td: 'px-3 py-2 align-top',
  smallButton:
    'inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
  dangerButton:
    'inline-flex min-h-11 items-center rounded-md border border-red-700 bg-white px-3 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
} as const;
