// The admin's bookings table has fourteen columns: at 1280 px all of them fit only in the wider frame.
export function frameWidth(pathname: string): string {
  return pathname.startsWith('/admin/') ? 'max-w-7xl' : 'max-w-5xl';
}
