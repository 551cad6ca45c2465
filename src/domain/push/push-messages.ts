// Web Push's texts (issue 41, 0058): the quoted ones are exact, the rest follow their voice. Kept out of `messages`, which every student
// page loads; the button's code loads these when pressed.
export const pushMessages = {
  button: 'Ingatkan di HP ini',
  blocked: 'Notifikasi diblokir di browser ini.',
  subscribed: 'Oke, HP ini akan diingatkan lewat notifikasi.',
  failed: 'Notifikasi belum bisa dinyalakan. Coba lagi.',
  endpointRefused: 'Alamat notifikasi ini tidak bisa dipakai.',
  title: 'Pinjam Motor',
  takeButton: 'Ambil',
  skipButton: 'Lewati',
};
