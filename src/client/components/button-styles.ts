const base =
  'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-70';

export const buttonStyles = {
  primary: `${base} bg-blue-700 text-white hover:bg-blue-800`,
  secondary: `${base} border border-slate-400 bg-white text-slate-800 hover:bg-slate-100`,
  /** The last step of what cannot be undone: every confirmation to cancel. */
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
} as const;
