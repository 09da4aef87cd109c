import { z } from 'zod';

// The issues a voter may raise during a contact: a list the office edits in Settings
// (setting `contact_issues`, one issue a line, as settings are text). A contact stores the names
// it was given, so renaming an issue later leaves what was said then as it was said.
export const DEFAULT_CONTACT_ISSUES = ['Water', 'Roads', 'Ration card', 'Pension', 'Employment', 'Health', 'Education', 'Electricity'] as const;
export const CONTACT_ISSUES_LIST_MAX = 40;
export const CONTACT_ISSUE_NAME_MAX = 60;

// The list a setting's text holds: one issue a line, blank lines and surrounding spaces dropped.
export function parseContactIssues(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function formatContactIssues(issues: readonly string[]): string {
  return issues.join('\n');
}

export const contactIssuesSettingSchema = z
  .string({ error: 'Write one issue a line' })
  .max(CONTACT_ISSUES_LIST_MAX * (CONTACT_ISSUE_NAME_MAX + 2), `Keep the issues list to ${CONTACT_ISSUES_LIST_MAX} issues`)
  .superRefine((text, ctx) => {
    const issues = parseContactIssues(text);
    if (issues.length > CONTACT_ISSUES_LIST_MAX) ctx.addIssue({ code: 'custom', message: `Keep the issues list to ${CONTACT_ISSUES_LIST_MAX} issues` });
    const long = issues.find((issue) => issue.length > CONTACT_ISSUE_NAME_MAX);
    if (long) ctx.addIssue({ code: 'custom', message: `Each issue must be at most ${CONTACT_ISSUE_NAME_MAX} characters` });
    const seen = new Set<string>();
    for (const issue of issues) {
      const key = issue.toLocaleLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: `"${issue}" is in the list twice` });
        return;
      }
      seen.add(key);
    }
  });
// No transform here: the settings schema also describes the answer, which is encoded, not
// parsed. The form writes the list in one spelling (formatContactIssues); readers parse it.
