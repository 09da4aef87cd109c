import type { Occasion } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

// Recorded (audited) before the phone opens WhatsApp with the greeting filled in.
export function recordWhatsappGreeting(input: { voter_id: number; occasion: Occasion; template_id: number }): Promise<void> {
  return apiRequest<void>('/voter-messages/greetings/whatsapp', { method: 'POST', body: input });
}
