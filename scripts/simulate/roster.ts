import type { Random } from './prng';

export interface Member {
  name: string;
  class: string;
  role: string;
  /** The login code of the admin; empty for students (the roster makes theirs). */
  id: string;
}

export interface ClassRoster {
  members: Member[];
  students: Member[];
  admin: Member;
}

const FIRST = [
  'Budi',
  'Siti',
  'Andi',
  'Dewi',
  'Rizky',
  'Putri',
  'Agus',
  'Rina',
  'Fajar',
  'Lestari',
  'Yoga',
  'Intan',
  'Bayu',
  'Nadia',
  'Dimas',
];
const LAST = ['Santoso', 'Rahmawati', 'Pratama', 'Lestari', 'Maulana', 'Ayu', 'Wijaya', 'Saputra', 'Hidayat', 'Kusuma', 'Nugroho'];

/** A class of `count` students, two thirds in the home class, and one admin who keeps the fund. */
export function makeRoster(count: number, random: Random): ClassRoster {
  const names = new Set<string>();
  const students: Member[] = [];
  while (students.length < count) {
    const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    const unique = names.has(name) ? `${name} ${students.length}` : name;
    names.add(unique);
    students.push({ name: unique, class: random.chance(2 / 3) ? 'PPTI 21' : 'PPTI 22', role: '', id: '' });
  }
  const admin: Member = { name: 'Bendahara Kelas', class: 'PPTI 21', role: 'admin', id: 'SIM-ADMIN-CODE-0001' };
  return { members: [admin, ...students], students, admin };
}
