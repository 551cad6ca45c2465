// What other features may know of the borrowers' devices: which one a secret names, which bookings it made, the daily clean-up.
export { deleteStaleLinks } from './device-repository';
export { hashSecret, proveDevice } from './link';
export { addDeviceBookings, findDevice } from './repository';
