// Spec section 9: three templates; the Announcement has placeholders for the date and time.
export const MESSAGE_TEMPLATES = [
  { key: 'birthday', labelKey: 'notifications.templates.birthday', textKey: 'notifications.templates.birthdayText' },
  { key: 'votingReminder', labelKey: 'notifications.templates.votingReminder', textKey: 'notifications.templates.votingReminderText' },
  { key: 'announcement', labelKey: 'notifications.templates.announcement', textKey: 'notifications.templates.announcementText' },
] as const;
