import { describe, expect, it } from 'vitest';
import { NoticedScheduleVersion } from '../../src/server/schedule/version';

/** A counter read the test finishes by hand, with the value the database would have answered. */
function manualRead() {
  const pending: ((value: string) => void)[] = [];
  return {
    read: () => new Promise<string>((resolve) => pending.push(resolve)),
    reads: () => pending.length,
    finish: async (value: string) => {
      pending.shift()?.(value);
      await Promise.resolve();
    },
  };
}

/** A version that has listened and read the counter once since: it follows the notices. */
async function following(value: string) {
  const counter = manualRead();
  const version = new NoticedScheduleVersion(counter.read);
  version.listening();
  const first = version.current();
  await counter.finish(value);
  await first;
  return { counter, version };
}

describe('NoticedScheduleVersion', () => {
  it('reads the counter until a read begun after LISTEN took effect has answered, then follows the notices', async () => {
    const counter = manualRead();
    const version = new NoticedScheduleVersion(counter.read);
    const beforeListening = version.current();
    version.listening();
    await counter.finish('3');
    expect(await beforeListening).toBe('3');
    // That read began before LISTEN: a commit between it and LISTEN would have no notice.
    expect(version.followsNotices).toBe(false);

    const afterListening = version.current();
    expect(counter.reads()).toBe(1);
    await counter.finish('4');
    expect(await afterListening).toBe('4');
    expect(version.followsNotices).toBe(true);
    version.notice('5');
    expect(await version.current()).toBe('5');
    expect(counter.reads()).toBe(0);
  });

  it('keeps the highest counter heard while its first read was under way', async () => {
    const counter = manualRead();
    const version = new NoticedScheduleVersion(counter.read);
    version.listening();
    const first = version.current();
    version.notice('8');
    await counter.finish('7');
    expect(await first).toBe('7');
    expect(await version.current()).toBe('8');
    // Notices arrive in commit order; an older one never takes the counter back.
    version.notice('6');
    expect(await version.current()).toBe('8');
  });

  it('reads again from the moment its connection is lost, and trusts no read begun before it listened again', async () => {
    const { counter, version } = await following('2');
    expect(version.followsNotices).toBe(true);

    version.lost();
    expect(version.followsNotices).toBe(false);
    const whileDown = version.current();
    expect(counter.reads()).toBe(1);
    version.listening();
    await counter.finish('9');
    expect(await whileDown).toBe('9');
    expect(version.followsNotices).toBe(false);
  });

  it('reads once after its own connection came back from a statement, though it follows the notices', async () => {
    const { counter, version } = await following('2');
    version.usedHere();
    const next = version.current();
    expect(counter.reads()).toBe(1);
    await counter.finish('3');
    expect(await next).toBe('3');
    expect(await version.current()).toBe('3');
    expect(counter.reads()).toBe(0);
    expect(version.followsNotices).toBe(true);
  });

  it('reads once more when its connection came back again while that read was under way', async () => {
    const { counter, version } = await following('2');
    version.usedHere();
    const first = version.current();
    version.usedHere();
    await counter.finish('3');
    expect(await first).toBe('3');
    const second = version.current();
    expect(counter.reads()).toBe(1);
    await counter.finish('4');
    expect(await second).toBe('4');
  });

  it('keeps a later notice over an older read', async () => {
    const { counter, version } = await following('2');
    version.usedHere();
    const read = version.current();
    version.notice('5');
    await counter.finish('3');
    await read;
    expect(await version.current()).toBe('5');
  });

  it('reads again after a notice that is not a counter', async () => {
    const { counter, version } = await following('2');
    version.notice('not a number');
    expect(version.followsNotices).toBe(false);
    const next = version.current();
    expect(counter.reads()).toBe(1);
    await counter.finish('3');
    expect(await next).toBe('3');
    expect(version.followsNotices).toBe(true);
  });
});
