const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Shows the first 3 and last 4 digits (13812345678 → 138****5678); too short to mask → unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = digitsOf(phone);
  if (digits.length <= 7) return phone;
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** 3-4-4 grouping of an 11-digit mobile number (13812345678 → 138 1234 5678); anything else unchanged. */
export function formatPhone(phone: string | null | undefined, separator = ' '): string {
  if (!phone) return '';
  const digits = digitsOf(phone);
  if (digits.length !== 11) return phone;
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].join(separator);
}
