import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A small ext4 filesystem on a loop device: the SQLite file lives there so the disk can be filled. */
export interface LoopDisk {
  dir: string;
  /** Fills the filesystem to its last byte. */
  fill(): void;
  /** Frees what fill() took. */
  free(): void;
  unmount(): void;
}

const SIZE = '48M';
const mounted = new Set<string>();
// An interrupted run must not leave a mount behind.
process.on('exit', () => {
  for (const dir of mounted) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
});

export function mountLoopDisk(parent: string): { disk: LoopDisk | undefined; reason: string | undefined } {
  if (process.getuid?.() !== 0) return { disk: undefined, reason: 'not run as root, so no loop mount' };
  const image = join(parent, 'disk.img');
  const dir = join(parent, 'disk');
  const filler = join(dir, 'filler');
  try {
    execFileSync('truncate', ['-s', SIZE, image]);
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', image], { stdio: 'pipe' });
    mkdirSync(dir);
    execFileSync('mount', ['-o', 'loop', image, dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(image, { force: true });
    return { disk: undefined, reason: `the loop mount failed: ${(error as Error).message.split('\n')[0]}` };
  }
  mounted.add(dir);
  return {
    reason: undefined,
    disk: {
      dir,
      fill: () => {
        const fd = openSync(filler, 'w');
        const block = Buffer.alloc(1024 * 1024);
        try {
          for (;;) writeSync(fd, block);
        } catch {
          // ENOSPC: full, as wanted; the last bytes go in smaller pieces.
          try {
            for (;;) writeSync(fd, block.subarray(0, 512));
          } catch {
            // full to the last block
          }
        } finally {
          closeSync(fd);
        }
      },
      free: () => rmSync(filler, { force: true }),
      unmount: () => {
        execFileSync('umount', [dir], { stdio: 'pipe' });
        mounted.delete(dir);
        rmSync(image, { force: true });
      },
    },
  };
}
