// How an audit row names the record it concerns. Kept short: the name is for a reader of the
// log, the record id stays beside it.
const MAX_RECORD_NAME = 200;

function clip(name: string): string {
  return name.length > MAX_RECORD_NAME ? `${name.slice(0, MAX_RECORD_NAME - 1)}…` : name;
}

// A voter by full name and voter ID: two voters may share a name, never a voter ID.
export function voterRecordName(voter: { full_name: string; voter_id: string | null }): string {
  return clip(voter.voter_id ? `${voter.full_name} (${voter.voter_id})` : voter.full_name);
}

export function userRecordName(user: { full_name: string; username: string }): string {
  return clip(`${user.full_name} (${user.username})`);
}

export function taskRecordName(task: { title: string }): string {
  return clip(task.title);
}

// A notification by the start of its message.
export function notificationRecordName(notification: { message: string }): string {
  const firstLine = notification.message.trim().split('\n')[0] ?? '';
  return clip(firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine);
}

export function settingsRecordName(keys: readonly string[]): string {
  return clip(keys.join(', '));
}

// A service request by its receipt number and the citizen's name.
export function serviceRequestRecordName(request: { receipt_no: string; citizen_name: string }): string {
  return clip(`${request.receipt_no} ${request.citizen_name}`.trim());
}

// An appointment by its day, time and visitor.
export function appointmentRecordName(appointment: { appointment_date: string; slot: string; visitor_name: string }): string {
  return clip(`${appointment.appointment_date} ${appointment.slot} ${appointment.visitor_name}`);
}

// A village program by its day, village and title.
export function villageProgramRecordName(program: { program_date: string; village: string; title: string }): string {
  return clip(`${program.program_date} ${program.village}: ${program.title}`);
}

// A survey by its title in its own language.
export function surveyRecordName(survey: { title: Partial<Record<string, string>>; language: string }): string {
  return clip(survey.title[survey.language] ?? Object.values(survey.title).find((text) => text) ?? '');
}
