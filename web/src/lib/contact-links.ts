// One tap to call or to open WhatsApp (issue 20): a voter's 10-digit Indian mobile number as a
// tel: link with +91, and as a wa.me link (country code, no plus). WhatsApp uses the voter's
// WhatsApp number when they have one, else their mobile.
const TEN_DIGITS = /^\d{10}$/;

export function telHref(mobile: string | null | undefined): string | null {
  return mobile && TEN_DIGITS.test(mobile) ? `tel:+91${mobile}` : null;
}

export function whatsAppHref(voter: { whatsapp_number: string | null; mobile_number: string | null }): string | null {
  const number = voter.whatsapp_number ?? voter.mobile_number;
  return number && TEN_DIGITS.test(number) ? `https://wa.me/91${number}` : null;
}

// WhatsApp's click-to-chat with the text filled in (the day's greetings, issue 60).
export function whatsAppMessageHref(number: string | null, text: string): string | null {
  return number && TEN_DIGITS.test(number) ? `https://wa.me/91${number}?text=${encodeURIComponent(text)}` : null;
}
