import type { Sim } from './simulator';

/** A bike of the world and the chat its owner reads. */
export interface Bike {
  id: number;
  name: string;
  ownerChat: string;
}

const NAMES = ['Beat hitam', 'Scoopy putih', 'Mio biru', 'Supra abu'];
const LINK_WAIT_MS = 10_000;

/** Owners' private chats: positive ids, apart from the students' 700000s. */
const ownerChatOf = (id: number) => String(800_000 + id);

/**
 * With `--bikes N`, the admin adds bikes 2..N in the Motor tab and every even one's owner links a
 * private chat with its code; the odd ones stay with the main chat, so both owner setups are lived.
 */
export async function addBikes(sim: Sim): Promise<void> {
  const { telegram } = sim.world;
  sim.bikes.push({ id: 1, name: 'Motor', ownerChat: telegram.telegram.chatId });
  for (let index = 2; index <= sim.options.bikes; index++) {
    const name = NAMES[index - 2] as string;
    const added = await sim.admin('/api/admin/motors', { body: { name, plate: '' } });
    if (added.status !== 201) throw new Error(`adding ${name} answered ${added.status}`);
    const bike: Bike = { id: added.body.bike.id as number, name, ownerChat: telegram.telegram.chatId };
    if (index % 2 === 0) bike.ownerChat = await linkOwner(sim, bike.id);
    sim.bikes.push(bike);
    sim.record('bike-added', `${name} #${bike.id} owner chat ${bike.ownerChat}`);
  }
}

async function linkOwner(sim: Sim, id: number): Promise<string> {
  const { telegram } = sim.world;
  const made = await sim.admin(`/api/admin/motors/${id}/owner-code`, { body: {} });
  if (made.status !== 200) throw new Error(`the owner code of bike #${id} answered ${made.status}`);
  const chatId = ownerChatOf(id);
  const before = telegram.delivered.length;
  telegram.pushUpdate(telegram.textUpdate(`/start ${made.body.code}`, chatId));
  const deadline = Date.now() + LINK_WAIT_MS;
  while (!telegram.delivered.slice(before).some((message) => String(message.chatId) === chatId)) {
    if (Date.now() > deadline) throw new Error(`the owner of bike #${id} was not answered`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return chatId;
}

/** The owner chats of the world, the main one first. */
export function ownerChats(sim: Sim): string[] {
  return [...new Set([sim.world.telegram.telegram.chatId, ...sim.bikes.map((bike) => bike.ownerChat)])];
}

/** The chat of the bike's owner. */
export function ownerChatOfBike(sim: Sim, motorId: number): string {
  return sim.bikes.find((bike) => bike.id === motorId)?.ownerChat ?? sim.world.telegram.telegram.chatId;
}

/** A bike chosen in the form sometimes (a quarter of the time), else `Motor mana saja`; with one bike never drawn. */
export function chosenBike(sim: Sim): number | undefined {
  if (sim.bikes.length < 2 || !sim.random.chance(0.25)) return undefined;
  return sim.random.pick(sim.bikes).id;
}
