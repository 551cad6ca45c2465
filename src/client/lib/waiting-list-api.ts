import type { CreateWaitRequest } from '../../domain/schemas/waiting-list';
import { deviceSecret } from './borrower-chat-api';
import { callApi } from './http';

const schemas = () => import('../../domain/schemas/waiting-list');

/** Whether this device has a linked chat, and its open waits. */
export const fetchDeviceWaits = (signal?: AbortSignal) =>
  callApi(
    '/api/waits/device',
    schemas().then((module) => module.waitDeviceResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret() }, signal },
  );

export const createWait = (request: Omit<CreateWaitRequest, 'deviceSecret'>) =>
  callApi(
    '/api/waits',
    schemas().then((module) => module.createWaitResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret(), ...request } },
  );
