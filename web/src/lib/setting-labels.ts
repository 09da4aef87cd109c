// Each setting's label key in the interface texts: the settings form's conflict panel and the
// audit rows of a settings change (the dashboard's recent activity, the audit log) name a
// setting by its label in the language on screen, not by its stored key (issue 56).
export const SETTING_LABEL_KEYS = {
  app_name: 'settings.appName',
  timezone: 'settings.timezone',
  language: 'settings.language',
  data_retention_days: 'settings.dataRetention',
  offline_copy_days: 'settings.offlineCopyDays',
  backup_frequency: 'settings.backupFrequency',
  export_limit_super_admin: 'settings.exportLimitSuperAdmin',
  export_limit_admin: 'settings.exportLimitAdmin',
  enable_2fa: 'settings.enable2fa',
  two_factor_roles: 'settings.twoFactorRoles',
  password_policy: 'settings.passwordPolicy',
  email_notifications: 'settings.emailNotifications',
  sms_notifications: 'settings.smsNotifications',
  contact_issues: 'settings.contactIssues',
  field_landing: 'settings.fieldLanding',
  page_size: 'booths.settings.pageSize',
  booth_class_a_min: 'boothClasses.settings.aMin',
  booth_class_b_min: 'boothClasses.settings.bMin',
  booth_class_basis: 'pastResults:classes.settings.basis',
  booth_class_party: 'pastResults:classes.settings.party',
  booth_class_election: 'pastResults:classes.settings.election',
  booth_class_vote_a_min: 'pastResults:classes.settings.voteAMin',
  booth_class_vote_b_min: 'pastResults:classes.settings.voteBMin',
  election_name: 'pollDay.settings.electionName',
  poll_date: 'pollDay.settings.pollDate',
  poll_start: 'pollDay.settings.pollStart',
  poll_end: 'pollDay.settings.pollEnd',
  poll_booths: 'pollDay.settings.booths',
  poll_sms_number: 'pollDay.settings.smsNumber',
  sms_price_paise: 'messaging.settings.price',
  sms_sender_id: 'messaging.settings.senderId',
  dlt_entity_id: 'messaging.settings.entityId',
  voter_sms_daily_budget: 'messaging.settings.dailyBudget',
  voter_sms_approval_threshold: 'messaging.settings.approvalThreshold',
  service_sms_enabled: 'serviceRegister:settings.sms',
} as const;
export type SettingLabelKey = (typeof SETTING_LABEL_KEYS)[keyof typeof SETTING_LABEL_KEYS];

// "language, timezone" (an audit row's record name) as the labels of those settings; a key
// this list does not know stays as it is.
export function settingNames(keys: string, label: (key: SettingLabelKey) => string): string {
  return keys
    .split(',')
    .map((key) => key.trim())
    .map((key) => (key in SETTING_LABEL_KEYS ? label(SETTING_LABEL_KEYS[key as keyof typeof SETTING_LABEL_KEYS]) : key))
    .join(', ');
}
