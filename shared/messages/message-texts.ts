// Every message the server answers with and every validation message of the shared schemas,
// in English, by code (issue 18, docs/decisions/020-languages-and-messages.md). The English
// text is exactly what the code writes (the spec's texts stay as they are): a message is
// recognised by it and worded again in the reader's language (localize-message.ts).
// `{{name}}` stands for a part that varies; see PARAM_KINDS for how each is read and worded.
export const MESSAGE_TEXTS = {
  // Requests in general (plugins/error-handler.ts, http-error.ts, access-control.ts).
  'request.invalid': 'Invalid request',
  'request.invalidValue': 'Invalid value',
  'request.invalidJson': 'The request body is not valid JSON',
  'request.emptyJson': 'The request body is empty',
  'request.tooLarge': 'The request is too large',
  'request.unsupportedType': 'Unsupported content type',
  'request.badLength': 'The request body does not match its declared length',
  'request.internal': 'Internal server error',
  'request.databaseUnavailable': 'The database is not reachable just now. Please try again in a moment.',
  'request.formUnreadable': 'The form could not be read; send it as multipart/form-data',
  'request.bodyMustBeForm': 'The request body must be a form',
  'request.unexpectedFile': 'Unexpected file field "{{name}}"',
  'request.textHasNul': 'Text must not contain the NUL character',
  'request.notSignedIn': 'Please sign in to continue',
  'request.forbidden': 'You do not have permission to do this',
  'request.notFound': 'Not found: {{what}}',
  'request.editBusy': 'Someone else is saving this record just now. Please try again.',
  'request.versionInvalid': 'Version must be a whole number',
  'request.mustBeTrueOrFalse': 'Must be "true" or "false"',
  // zod's own wording, where a schema gives no message of its own (API callers mostly).
  'zod.invalidInput': 'Invalid input',
  'zod.expected': 'Invalid input: expected {{expected}}, received {{received}}',
  'zod.invalidOption': 'Invalid option: expected one of {{options}}',

  // Fields of any form: the field's name is worded too (message-terms).
  'field.required': '{{field}} is required',
  'field.atMost': '{{field}} must be at most {{max}} characters',
  'field.orFewer': '{{field}} must be {{max}} characters or fewer',
  'field.chooseFromList': 'Choose a {{field}} from the list',
  'field.tenDigits': '{{field}} must be 10 digits',
  'field.number': '{{field}} must be a number',
  'field.wholeNumber': '{{field}} must be a whole number',
  'field.orMore': '{{field}} must be {{min}} or more',
  'field.orLess': '{{field}} must be {{max}} or less',
  'field.tooLong': '{{field}} is too long',

  // Sign-in and two-factor (features/auth, features/two-factor).
  'auth.invalidCredentials': 'Invalid username or password',
  'auth.throttled': 'Too many failed sign-in attempts. Please try again in {{wait}}.',
  'auth.tooManyWrongPasswords': 'Too many wrong passwords. Please try again later.',
  'auth.challengeExpired': 'This sign-in has expired. Please sign in again.',
  'auth.invalidCode': 'Invalid authentication code',
  'auth.signInAgain': 'Sign in again',
  'auth.enterCode': 'Enter the code',
  'auth.codeTooLong': 'The code is too long',

  // Passwords (shared/auth/password-policy.ts names what is missing).
  'password.needs8': 'Password must contain at least 8 characters',
  'password.needsNumber': 'Password must contain a number',
  'password.needsSymbol': 'Password must contain a symbol',
  'password.needs8Number': 'Password must contain at least 8 characters and a number',
  'password.needs8Symbol': 'Password must contain at least 8 characters and a symbol',
  'password.needsNumberSymbol': 'Password must contain a number and a symbol',
  'password.needs8NumberSymbol': 'Password must contain at least 8 characters, a number and a symbol',
  'password.currentRequired': 'Current password is required',
  'password.currentWrong': 'Current password is incorrect',
  'password.same': 'The new password must be different from the current one',

  // Users (shared/users, features/users).
  'users.usernameMin': 'Username must be at least 3 characters',
  'users.usernameChars': 'Username may contain only letters, digits, "." and "_"',
  'users.mobile': 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
  'users.email': 'Enter a valid email address',
  'users.age': 'Age must be a whole number from 18 to 100',
  'users.dob': 'Enter a valid date of birth',
  'users.boothChoice': 'Choose booths from the list (Booth-01 to Booth-396, or Admin)',
  'users.boothList': 'Booth access must be a list of booths',
  'users.tooManyBooths': 'Too many booths',
  'users.designation': 'Choose a designation from the list',
  'users.organisation': 'Choose an organisation from the list',
  'users.active': 'Active must be true or false',
  'users.idNumber': 'User id must be a number',
  'users.idWhole': 'User id must be a whole number',
  'users.idPositive': 'User id must be positive',
  'users.idRange': 'User id is out of range',
  'users.roleOneOf': 'Role must be one of: Super Admin, Admin, Supervisor, Karyakarta',
  'users.usernameExists': 'Username already exists',
  'users.cannotDeleteSelf': 'You cannot delete yourself.',
  'users.cannotChangeOwnRole': 'You cannot change your own role.',
  'users.cannotDeactivateSelf': 'You cannot deactivate yourself.',
  'users.useChangePassword': 'Use "Change password" to change your own password.',
  'users.escalation': 'Only a Super Admin can manage Super Admin and Admin accounts.',
  'users.notFound': 'User not found',
  'users.changed': 'Someone else changed this user after you opened it',
  'users.language': 'Choose a language from the list',

  // Voters (shared/voters, features/voters).
  'voters.dobPast': 'Date of Birth must be a past date (YYYY-MM-DD)',
  'voters.voterIdFormat': 'Voter ID must be 3 to 20 letters or digits',
  'voters.age': 'Age must be between 18 and 120',
  'voters.headOfHouse': 'Head of House must be 1 to 5',
  'voters.gender': 'Choose Male, Female or Other',
  'voters.subcasteOfCaste': 'Choose a sub-caste of the chosen caste',
  'voters.casteFirst': 'Choose a caste before its sub-caste',
  'voters.villageTaluka': 'This village is not in the chosen taluka',
  'voters.mobileFilter': 'Mobile filter must be with_mobile or without_mobile',
  'voters.ageRange': 'Maximum age must not be less than minimum age',
  'voters.notFound': 'Voter not found',
  'voters.noPhoto': 'This voter has no photo',
  'voters.photoTooLarge': 'Photo must be 5 MB or smaller',
  'voters.notAnImage': 'Photo must be a JPEG, PNG, GIF or WebP image',
  'voters.voterIdImmutable': 'Voter ID cannot be changed',
  'voters.changed': 'Someone else changed this voter after you opened it',
  'voters.voterIdExists': 'Voter ID already exists',
  'voters.tooManyConflicts': 'Too many of the Voter IDs you entered already exist. You can add voters again within the hour.',
  'voters.chooseOwnBooth': 'Choose one of your booths',
  'voters.chooseOwnBoothOf': 'Choose one of your booths ({{booths}})',
  'voters.ownBoothsOnly': 'You can only save voters in your own booths ({{booths}})',
  'voters.noAccessTo': 'You do not have access to {{booth}}',
  'voters.restricted': 'Only Super Admin or Admin can change {{fields}}',
  'voters.exportsOff': 'Exports are switched off for the {{role}} role. An office administrator can change this in Settings.',
  'voters.exportLimitOne': 'Daily export limit reached: each {{role}} may export {{limit}} time a day. The limit resets at midnight {{timezone}} time ({{resetsAt}}).',
  'voters.exportLimitOther': 'Daily export limit reached: each {{role}} may export {{limit}} times a day. The limit resets at midnight {{timezone}} time ({{resetsAt}}).',

  // Voter import and the spreadsheet readers (features/voters/import, lib/spreadsheets).
  'import.chooseFile': 'Choose a file to import',
  'import.fileTooLarge': 'The file is larger than {{mb}} MB; split it into smaller files',
  'import.empty': 'The file is empty',
  'import.missingColumns': 'The file has no {{fields}} column; download the template for the expected headers',
  'import.unreadableAfter': 'The file could not be read after row {{row}}',
  'import.savedBefore': '{{message}}; {{count}} voters before it were saved',
  'import.repeated': 'Voter ID {{voterId}} appears more than once in the file (first on row {{row}})',
  'import.exists': 'Voter ID {{voterId}} already exists',
  'import.tooManyRows': 'A file may hold at most {{max}} voters; this row and those after it were not read',
  'import.invalidVoter': 'Invalid voter',
  'spreadsheet.unreadable':
    'This file could not be read as an Excel spreadsheet. It may be damaged or password-protected: open it in Excel or LibreOffice, save it again as .xlsx or .csv, and import that.',
  'spreadsheet.unsupported': 'Unsupported file type: use .xlsx, .xls or .csv',
  'spreadsheet.xlsTooLarge': 'A legacy .xls file must be {{mb}} MB or smaller; save it as .xlsx or .csv for larger imports',
  'spreadsheet.rowTooLong': 'Row {{row}} is longer than 1 MB; no voter row is that long, so the file was not read past it',
  'spreadsheet.bomb': 'The file expands to far more data than a spreadsheet holds and was refused',
  'spreadsheet.tooMuchText': 'The file holds more text than can be read at once; save it as .csv and import that instead',

  // Tasks (shared/tasks, features/tasks).
  'tasks.dateFormat': 'Use a date like 2026-12-31',
  'tasks.notRealDate': 'Not a real date',
  'tasks.assignee': 'Please choose who the task is assigned to',
  'tasks.priority': 'Priority must be Low, Medium or High',
  'tasks.dueBeforeStart': 'Due date cannot be before the start date',
  'tasks.status': 'Status must be Not Started, In Progress or Completed',
  'tasks.notFound': 'Task not found',
  'tasks.activeAssignee': 'The assignee must be an active user',
  'tasks.cannotAssign': '{{role}}s cannot assign tasks to {{assigneeRole}}s',
  'tasks.completedFixed': 'A completed task cannot change',
  'tasks.onlyNext': 'A task that is {{status}} can only move to {{nextStatus}}',
  'tasks.onlyAssigner': 'Only the person who assigned this task can delete it',
  'tasks.changed': 'Someone else changed this task first. Reload and try again.',

  // Notifications (shared/notifications, features/notifications).
  'notifications.messageRequired': 'Please enter a message',
  'notifications.recipientsRequired': 'Please select a role and at least one user',
  'notifications.messageTooLong': 'A message can be at most {{max}} characters',
  'notifications.tooManyRecipients': 'At most {{max}} recipients per message',
  'notifications.manualOnly': 'Only manual notifications can be sent',
  'notifications.notToSelf': 'You cannot send a notification to yourself',
  'notifications.activeOnly': 'Every recipient must be an active user',
  'notifications.notFound': 'Notification not found',
  'notifications.tooQuick': 'You are sending messages too quickly. Please wait {{wait}} and try again.',

  // Settings (shared/settings, features/settings).
  'settings.exportLimitWhole': 'Export limit must be a whole number',
  'settings.exportLimitRange': 'Export limit must be between 0 and {{max}}',
  'settings.roles': 'Choose roles from the list',
  'settings.timezone': 'Choose a timezone from the list',
  'settings.passwordPolicy': 'Choose a password policy from the list',
  'settings.retentionWhole': 'Data retention must be a whole number of days',
  'settings.retentionRange': 'Data retention must be between 1 and 3650 days',
  'settings.backupFrequency': 'Choose a backup frequency from the list',
  'settings.changed': 'Someone else changed the settings after you opened them',

  // Audit log filters (shared/audit).
  'audit.dateFormat': 'Use a date like 2026-11-21',
  'audit.limitMax': 'Limit must be 200 or fewer',
  'audit.unknownAction': 'Unknown action',
  'audit.userWhole': 'User must be a whole number',
  // Contacts and support (shared/contacts, server/src/features/contacts).
  'contacts.issuesOneALine': 'Write one issue a line',
  'contacts.chooseChannel': 'Choose visit, call, WhatsApp or meeting',
  'contacts.chooseOutcome': 'Choose an outcome from the list',
  'contacts.chooseIssues': 'Choose issues from the list',
  'contacts.issueNotOnList': 'Choose issues from the list: "{{issue}}" is not on it',
  'contacts.noteText': 'Note must be text',
  'contacts.flagStatus': 'Status must be pending, confirmed or dismissed',
  'contacts.flagNotFound': 'Flag not found',
  'contacts.flagDecided': 'This flag was already decided',
  'contacts.flagConfirmed': 'This flag was already confirmed',
  'contacts.flagDismissed': 'This flag was already dismissed',
} as const;

export type MessageCode = keyof typeof MESSAGE_TEXTS;
export type MessageTexts = { readonly [K in MessageCode]: string };

// How each `{{name}}` is read from an English text and worded in another language:
// - number: digits (with thousands commas), kept as they are;
// - term: a word the terms table words (a field's name, a role, a task status);
// - terms: a list of such words joined by ", ";
// - wait: a wait such as "15 seconds" or "1 minute";
// - message: another message of this table, worded in turn;
// - anything else is data (a booth, a voter ID, a time) and is kept as it is.
export const PARAM_KINDS: Readonly<Record<string, 'number' | 'term' | 'terms' | 'wait' | 'message'>> = {
  max: 'number',
  min: 'number',
  mb: 'number',
  row: 'number',
  count: 'number',
  limit: 'number',
  field: 'term',
  role: 'term',
  assigneeRole: 'term',
  status: 'term',
  nextStatus: 'term',
  fields: 'terms',
  booths: 'terms',
  wait: 'wait',
  message: 'message',
};

// The words that stand inside messages, by their English text in lower case: the voter
// form's field names, other forms' field names, roles and task statuses.
export const MESSAGE_TERMS = [
  'voter number',
  'full name',
  'voter id',
  'age',
  'gender',
  'date of birth',
  'father/husband name',
  'relation type',
  'religion',
  'disability',
  'mobile number',
  'whatsapp number',
  'house no',
  'ward/area',
  'village',
  'booth',
  'district',
  'taluka',
  'present in city',
  'present city name',
  'category',
  'caste',
  'sub-caste',
  'political preference',
  'party designation',
  'head of house',
  'occupation',
  'occupation sub-category',
  'deceased',
  'comment',
  'search',
  'area',
  'minimum age',
  'maximum age',
  'page',
  'limit',
  'username',
  'password',
  'title',
  'description',
  'notes',
  'address',
  'email',
  'id number',
  'application name',
  'role',
  'super admin',
  'admin',
  'supervisor',
  'karyakarta',
  'not started',
  'in progress',
  'completed',
  'none',
] as const;
export type MessageTerm = (typeof MESSAGE_TERMS)[number];

// A wait in words ("15 seconds"); {{count}} is the number.
export const WAIT_UNITS = ['second', 'seconds', 'minute', 'minutes', 'hour', 'hours'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];

// One language's wording of all of the above.
export interface MessageCatalogue {
  messages: MessageTexts;
  terms: { readonly [T in MessageTerm]: string };
  waits: { readonly [U in WaitUnit]: string };
}
