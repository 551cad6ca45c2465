// The form's helpers' texts, apart from messages.ts: they load with the form, not with the first load of /.
export const formHelpMessages = {
  didYouMean: (name: string) => `Maksudnya ${name}?`,
  offerTimes: (start: string, end: string) => `Pakai jam ${start} - ${end}`,
  reasonChipsLabel: 'Alasan cepat',
};
