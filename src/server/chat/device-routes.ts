import type { FastifyInstance } from 'fastify';
import { deviceMessages } from '../../domain/chat/device-messages';
import { deviceChatsRequestSchema, unlinkAllRequestSchema } from '../../domain/schemas/borrower-chat';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { countDeviceChats, unlinkAllChats } from './link';

// Bodies carry the device secret (0043): nothing here is cached or passed on as a referrer.
export async function deviceChatRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  });

  app.post('/api/telegram/device', async (request) => {
    const { deviceSecret } = parseOrThrow(deviceChatsRequestSchema, request.body);
    return { chats: await countDeviceChats(db, deviceSecret) };
  });

  app.post('/api/telegram/unlink-all', async (request) => {
    const { deviceSecret } = parseOrThrow(unlinkAllRequestSchema, request.body);
    const replaced = await unlinkAllChats(db, deviceSecret);
    if (replaced === undefined) throw new HttpError(404, messages.cancelLinkInvalid);
    return { deviceSecret: replaced, message: deviceMessages.unlinkedAll };
  });
}
