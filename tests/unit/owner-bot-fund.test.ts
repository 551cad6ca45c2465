import { describe, expect, it } from 'vitest';
import { digestWithOutstanding, fundText, returnChargeText } from '../../src/domain/chat/owner-bot';

describe('the class fund in the owner’s texts', () => {
  it('confirms a return with the charge’s lines and total', () => {
    const charge = {
      lines: [
        { label: 'Sewa 2 jam', amount: 20_000 },
        { label: 'Denda terlambat 1 jam', amount: 10_000 },
      ],
      total: 30_000,
    };
    expect(returnChargeText({ name: 'Rizky_M', class: 'PPTI 22' }, '12:30', charge)).toBe(
      'Rizky\\_M (PPTI 22) mengembalikan motor jam 12:30. Tagihan Rp30.000: Sewa 2 jam Rp20.000, Denda terlambat 1 jam Rp10.000.',
    );
  });

  it('answers /kas with a negative balance and nobody owing', () => {
    expect(fundText(-2_500, [])).toBe('Saldo kas: -Rp2.500\nTidak ada sisa tagihan.');
  });

  it('adds the total outstanding to the morning digest only when something is owed', () => {
    expect(digestWithOutstanding('Jadwal hari ini', 0)).toBe('Jadwal hari ini');
    expect(digestWithOutstanding('Jadwal hari ini', 45_000)).toBe('Jadwal hari ini\n\nTotal sisa tagihan: Rp45.000');
  });
});
