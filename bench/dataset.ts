import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database';
import { makeVoucherCode } from '../src/domain/booking/voucher-code';
import { addDays } from '../src/domain/time/clock';
import { addUsers, type NewUser } from '../src/server/roster/service';

export const BENCH_CLASSES = ['PPTI 21', 'PPTI 22', 'PPTI 23'];

/**
 * A realistic data set: 60 students in 3 classes, 60 days around `today` with 3 to 6 bookings
 * each (non-overlapping, as the rules would have allowed), and 20 vouchers, a third used.
 */
export async function seedBenchData(db: Db, today: string): Promise<{ names: string[]; busiestDate: string }> {
  const students: NewUser[] = Array.from({ length: 60 }, (_, index) => ({
    name: `Mahasiswa ${String(index + 1).padStart(2, '0')}`,
    class: BENCH_CLASSES[index % 3] ?? 'PPTI 21',
  }));
  const users = await addUsers(
    db.kysely,
    students,
    students.map((student) => student.name),
  );
  const vouchers = Array.from({ length: 20 }, (_, index) => ({
    code: makeVoucherCode(randomBytes),
    is_used: index < 7,
    created_at: new Date().toISOString(),
    created_by: null,
  }));
  await db.kysely.insertInto('vouchers').values(vouchers).execute();

  const bookings = [];
  let busiestDate = today;
  for (let day = -30; day < 30; day++) {
    const date = addDays(today, day);
    const count = 3 + (Math.abs(day) % 4);
    // Inside the public window (0037): an earlier busy day would be answered 400.
    if (count === 6 && day >= 0 && busiestDate === today) busiestDate = date;
    for (let slot = 0; slot < count; slot++) {
      const user = users[((day + 30) * 7 + slot * 11) % users.length];
      if (!user) throw new Error('no user to book with');
      const startHour = 7 + slot * 2;
      bookings.push({
        users_id: user.id,
        borrow_date: date,
        start_time: `${String(startHour).padStart(2, '0')}:00`,
        end_time: `${String(startHour + 1).padStart(2, '0')}:30`,
        end_date: date,
        reason: 'Kuliah pagi',
        need_stnk: slot % 2 === 0,
        voucher_code: null,
        created_at: new Date().toISOString(),
      });
    }
  }
  await db.kysely.insertInto('borrow_request').values(bookings).execute();
  return { names: users.map((user) => user.name), busiestDate };
}
