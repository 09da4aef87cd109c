import { describe, expect, it } from 'vitest';
import { telHref, whatsAppHref } from './contact-links';

describe('contact links', () => {
  it('should call the mobile with +91 when the voter has a 10-digit number', () => {
    expect(telHref('9876543210')).toBe('tel:+919876543210');
  });

  it('should open WhatsApp on the WhatsApp number, else on the mobile', () => {
    expect(whatsAppHref({ whatsapp_number: '9123456780', mobile_number: '9876543210' })).toBe('https://wa.me/919123456780');
    expect(whatsAppHref({ whatsapp_number: null, mobile_number: '9876543210' })).toBe('https://wa.me/919876543210');
  });

  it('should offer no link when there is no usable number', () => {
    expect(telHref(null)).toBeNull();
    expect(telHref('98765')).toBeNull();
    expect(whatsAppHref({ whatsapp_number: null, mobile_number: null })).toBeNull();
    expect(whatsAppHref({ whatsapp_number: '+91 98765', mobile_number: null })).toBeNull();
  });
});
