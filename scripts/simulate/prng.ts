/** A seeded PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen by weight; items of weight 0 are never chosen. */
  weighted<T extends { weight: number }>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let left = next() * total;
      for (const item of items) {
        left -= item.weight;
        if (item.weight > 0 && left < 0) return item;
      }
      const last = items.findLast((item) => item.weight > 0);
      if (!last) throw new Error('every weight is 0');
      return last;
    },
  };
}
