// What other features may know of the borrowers' devices: which one a secret names, and which bookings it made.
export { addDeviceBookings, findDevice } from './repository';
