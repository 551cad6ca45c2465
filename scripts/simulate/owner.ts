import type { ChatMessage } from '../../tests/helpers/fake-telegram';
import { ownerChats } from './bikes';
import type { Sim } from './simulator';
import type { Loan } from './state';
import { bikeOut, borrowerReturns, describeLoan } from './student';
import { BEHAVIOUR } from './table';

type Button = { text: string; callback_data: string };

const QUESTION_WAIT_MS = 2000;

function buttonsOf(message: { replyMarkup?: unknown } | ChatMessage | undefined): Button[] {
  return ((message?.replyMarkup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ?? []).flat();
}

async function waitFor<T>(find: () => T | undefined, ms = QUESTION_WAIT_MS): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A press on a button, as Telegram delivers it to the bot; resolves once the press is answered (or a moment passed). */
export async function press(sim: Sim, data: string, messageId: number, chatId: string): Promise<void> {
  const { telegram } = sim.world;
  const answered = telegram.answers.length;
  telegram.pushUpdate(telegram.callbackUpdate(data, messageId, chatId));
  await waitFor(() => (telegram.answers.length > answered ? true : undefined), 3000);
}

/** The booking's ref, as the owner reads it off the buttons under its notice: found through the admin's list by the unique reason. */
async function refOf(sim: Sim, loan: Loan): Promise<string | undefined> {
  const answer = await sim.admin(`/api/admin/bookings?from=${loan.date}&to=${loan.date}`);
  if (answer.status !== 200) return undefined;
  return (answer.body.bookings as { ref: string; reason: string }[]).find((booking) => booking.reason === loan.reason)?.ref;
}

/** The owner's chat message that carries a button with this data, the newest first. */
function ownerMessageWith(sim: Sim, data: string): number | undefined {
  const { telegram } = sim.world;
  for (const [messageId, message] of [...telegram.chat.entries()].reverse()) {
    if (buttonsOf(message).some((button) => button.callback_data === data)) return messageId;
  }
  return undefined;
}

/** The chat a message was sent to: the bike's owner chat the question went to, where the owner presses. */
function chatOf(sim: Sim, messageId: number): string {
  const message = sim.world.telegram.delivered.find((candidate) => candidate.messageId === messageId);
  return message ? String(message.chatId) : sim.world.telegram.telegram.chatId;
}

/** NO_SHOW_MINUTES after the start the bot asks the owner; the owner releases the slot (or says it was taken). */
export async function ownerReleases(sim: Sim, loan: Loan): Promise<void> {
  if (loan.stage !== 'booked') return;
  const ref = await refOf(sim, loan);
  const messageId = ref ? await waitFor(() => ownerMessageWith(sim, `l:${ref}`)) : undefined;
  if (!ref || messageId === undefined) return sim.record('no-show-not-asked', describeLoan(sim, loan));
  const release = bikeOut(sim, loan) || sim.random.chance(BEHAVIOUR.ownerReleasesNoShow);
  sim.record(release ? 'owner-release' : 'owner-pickup-late', describeLoan(sim, loan));
  await press(sim, release ? `l:${ref}` : `p:${ref}`, messageId, chatOf(sim, messageId));
  loan.stage = release ? 'released' : 'pickedUp';
  if (!release) sim.schedule(sim.nowMinute + 60, `return ${loan.reason}`, () => borrowerReturns(sim, loan));
}

/** At the end (or later) the bot asks `Sudah kembali?`; the owner presses it and a fuel level. */
export async function ownerReturns(sim: Sim, loan: Loan): Promise<void> {
  if (loan.stage !== 'pickedUp') return;
  const ref = await refOf(sim, loan);
  const messageId = ref ? await waitFor(() => ownerMessageWith(sim, `r:${ref}`)) : undefined;
  if (!ref || messageId === undefined) {
    sim.record('owner-not-asked', describeLoan(sim, loan));
    return borrowerReturns(sim, loan);
  }
  sim.record('owner-return', describeLoan(sim, loan));
  const chatId = chatOf(sim, messageId);
  await press(sim, `r:${ref}`, messageId, chatId);
  const fuel = await waitFor(() =>
    buttonsOf(sim.world.telegram.chat.get(messageId)).find((button) => button.callback_data.startsWith(`f:${ref}:`)),
  );
  if (!fuel) return borrowerReturns(sim, loan);
  await press(sim, fuel.callback_data, messageId, chatId);
  loan.stage = 'returned';
}

/** A fresh message in `chatId` with a button whose data matches, after `before` messages were delivered. */
function waitForButtons(sim: Sim, before: number, chatId: string, pattern: RegExp) {
  return waitFor(() =>
    sim.world.telegram.delivered
      .slice(before)
      .find((message) => String(message.chatId) === chatId && buttonsOf(message).some((button) => pattern.test(button.callback_data))),
  );
}

/** An owner of several bikes is asked `Motor yang mana?` (`m:b:{id}` / `m:s:{id}`) and presses one. */
async function chooseBike(sim: Sim, before: number, chatId: string, command: 'b' | 's'): Promise<void> {
  if (sim.bikes.length < 2) return;
  const question = await waitForButtons(sim, before, chatId, new RegExp(`^m:${command}:`));
  if (!question) return;
  const bike = sim.random.pick(buttonsOf(question).filter((button) => button.callback_data.startsWith(`m:${command}:`)));
  sim.record('workshop-bike', bike.text);
  await press(sim, bike.callback_data, question.messageId, chatId);
}

/** `/bengkel`, a choice for the bookings inside, and `/siap` a few hours later, in one owner's chat. */
export async function workshop(sim: Sim): Promise<void> {
  const { telegram } = sim.world;
  const chatId = sim.bikes.length < 2 ? telegram.telegram.chatId : sim.random.pick(ownerChats(sim));
  const before = telegram.delivered.length;
  sim.record('workshop', `/bengkel Servis rutin${sim.bikes.length < 2 ? '' : ` in ${chatId}`}`);
  telegram.pushUpdate(telegram.textUpdate('/bengkel Servis rutin', chatId));
  await chooseBike(sim, before, chatId, 'b');
  const answer = await waitForButtons(sim, before, chatId, /^[ak]:/);
  if (answer) {
    const choice = buttonsOf(answer).find((button) => button.callback_data.startsWith(sim.random.chance(0.5) ? 'a:' : 'k:'));
    if (choice) {
      sim.record('workshop-choice', choice.text);
      await press(sim, choice.callback_data, answer.messageId, chatId);
    }
  }
  sim.schedule(sim.nowMinute + sim.random.int(60, 300), 'workshop-ready', async () => {
    const ready = telegram.delivered.length;
    sim.record('workshop-ready', '/siap');
    telegram.pushUpdate(telegram.textUpdate('/siap', chatId));
    await chooseBike(sim, ready, chatId, 's');
  });
}

let ownerReadUpTo = 0;

/** The owners' questions about bookings the simulation did not make (a waiting student's taken offer): released or returned at once. */
export async function ownerRound(sim: Sim): Promise<void> {
  const { telegram } = sim.world;
  const chats = ownerChats(sim);
  const fresh = telegram.delivered.slice(ownerReadUpTo).filter((message) => chats.includes(String(message.chatId)));
  ownerReadUpTo = telegram.delivered.length;
  for (const message of fresh) {
    const chatId = String(message.chatId);
    const question = buttonsOf(message).find((button) => /^[lr]:/.test(button.callback_data));
    if (!question) continue;
    const ref = question.callback_data.slice(2);
    const answer = await sim.admin(`/api/admin/bookings?from=${sim.dateAhead(-2)}&to=${sim.today}`);
    const booking =
      answer.status === 200 ? (answer.body.bookings as { ref: string; reason: string }[]).find((row) => row.ref === ref) : undefined;
    if (!booking || sim.loans.some((loan) => loan.reason === booking.reason)) continue;
    sim.record(question.callback_data.startsWith('l:') ? 'owner-release' : 'owner-return', `"${booking.reason}" (not the simulation's)`);
    await press(sim, question.callback_data, message.messageId, chatId);
    if (question.callback_data.startsWith('l:')) continue;
    const fuel = await waitFor(() =>
      buttonsOf(telegram.chat.get(message.messageId)).find((button) => button.callback_data.startsWith(`f:${ref}:`)),
    );
    if (fuel) await press(sim, fuel.callback_data, message.messageId, chatId);
  }
}
